import type { Language, ScheduleEdge } from '@kids-vod/contract';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LINK_COLOUR } from '../../shared/lists/index.ts';
import { formatInZone, ownTimeZone, relativeTo } from '../../shared/time/index.ts';
import { edgeAddress, KIND_WORDS } from './schedule-model.ts';

/** One edge as a line of the agenda or of Ending soon: when, opens or closes, what (a link to it), which catalogues. */
export function EdgeEntry({
  edge,
  languages,
  now,
  showDay = false,
}: {
  edge: ScheduleEdge;
  languages: Map<string, Language>;
  now: Date;
  /** Ending soon names the day and how far off it is; the agenda is grouped by day already. */
  showDay?: boolean;
}) {
  const address = edgeAddress(edge);
  const opens = edge.edge === 'opens';
  const when = formatInZone(edge.at, ownTimeZone());
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(edge.at),
  );
  const what =
    edge.entity === 'country_rules'
      ? `${edge.exclude ? 'Excludes' : 'Only'} ${(edge.countries ?? []).join(', ')}`
      : null;
  return (
    <Group
      component="li"
      gap="xs"
      wrap="nowrap"
      align="flex-start"
      data-testid={`edge-${edge.entity}-${edge.id}-${edge.edge}`}
    >
      <Text size="sm" ff="monospace" miw={showDay ? 130 : 44} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {showDay ? when : time}
      </Text>
      <Badge
        variant="default"
        radius="sm"
        tt="none"
        fw={500}
        miw={78}
        leftSection={
          opens ? (
            <IconLockOpen size={14} color="var(--mantine-color-green-6)" aria-hidden />
          ) : (
            <IconLock size={14} color="var(--mantine-color-red-6)" aria-hidden />
          )
        }
      >
        {opens ? 'Opens' : 'Closes'}
      </Badge>
      <div style={{ minWidth: 0 }}>
        <Group gap={6} wrap="wrap">
          {address ? (
            <Anchor component={Link} to={address} size="sm" fw={500} c={LINK_COLOUR}>
              {edge.name}
            </Anchor>
          ) : (
            <Text size="sm" fw={500}>
              {edge.name}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {KIND_WORDS[edge.entity]}
            {what ? ` · ${what}` : ''}
            {showDay ? ` · ${relativeTo(edge.at, now)}` : ''}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {edge.langs.length
            ? `Catalogues: ${edge.langs.map((code) => languages.get(code)?.name ?? code).join(', ')}`
            : 'No published catalogue changes'}
        </Text>
      </div>
    </Group>
  );
}
