import type { CatalogueKind, HiddenItem } from '@kids-vod/contract';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { LINK_COLOUR } from '../lists/index.ts';
import { type HiddenContext, itemAddress, reasonWords } from './hidden-reasons.ts';

const KIND_TITLES: Record<CatalogueKind, string> = {
  brand: 'Brands',
  content: 'Episodes',
  link: 'Compilation links',
  promo: 'Promo banners',
  stream: 'Streams',
  string: 'App strings',
};

/** Items of a kind shown at first: a brand left out takes its episodes with it, which can be hundreds. */
const FIRST = 25;

function HiddenEntry({ item, context }: { item: HiddenItem; context: HiddenContext }) {
  const address = item.reasons.includes('deleted') ? null : itemAddress(item);
  return (
    <li data-testid={`hidden-${item.kind}-${item.id}`}>
      <Group gap={6} wrap="wrap">
        {address ? (
          <Anchor component={Link} to={address} size="sm" fw={500} c={LINK_COLOUR}>
            {item.name || `#${item.id}`}
          </Anchor>
        ) : (
          <Text size="sm" fw={500}>
            {item.name || `#${item.id}`}
          </Text>
        )}
        {item.reasons.map((reason) => (
          <Badge
            key={reason}
            tt="none"
            variant="light"
            color="gray"
            radius="sm"
            c="var(--mantine-color-text)"
            data-reason={reason}
          >
            {reasonWords(reason, context)}
          </Badge>
        ))}
      </Group>
    </li>
  );
}

function HiddenKind({
  kind,
  items,
  context,
  headingOrder,
}: {
  kind: CatalogueKind;
  items: HiddenItem[];
  context: HiddenContext;
  headingOrder: 2 | 3 | 4;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, FIRST);
  return (
    // A group, not a landmark: inside the screen's own section, beside a preview whose "Brands" is a landmark too.
    <Stack gap={6} role="group" aria-label={KIND_TITLES[kind]}>
      <Title order={headingOrder} size="h6">
        {KIND_TITLES[kind]}{' '}
        <Text span c="dimmed" size="sm">
          {items.length}
        </Text>
      </Title>
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {shown.map((item) => (
          <HiddenEntry key={`${item.kind}-${item.id}`} item={item} context={context} />
        ))}
      </Stack>
      {items.length > shown.length ? (
        <Button variant="subtle" size="compact-sm" onClick={() => setAll(true)} style={{ alignSelf: 'flex-start' }}>
          Show all {items.length} {KIND_TITLES[kind].toLowerCase()}
        </Button>
      ) : null}
    </Stack>
  );
}

/**
 * What exists but is not shown, by kind, each with its reasons in words and a link to the item to fix it (an item
 * in the bin is restored from the bin, so it gets no link to its form).
 */
export function HiddenItems({
  items,
  context,
  headingOrder = 3,
}: {
  items: HiddenItem[];
  context: HiddenContext;
  headingOrder?: 2 | 3 | 4;
}) {
  if (items.length === 0) return <Text c="dimmed">Everything there is, is shown.</Text>;
  const kinds = [...new Set(items.map((i) => i.kind))];
  return (
    <Stack gap="md">
      {kinds.map((kind) => (
        <HiddenKind
          key={kind}
          kind={kind}
          items={items.filter((i) => i.kind === kind)}
          context={context}
          headingOrder={headingOrder}
        />
      ))}
    </Stack>
  );
}
