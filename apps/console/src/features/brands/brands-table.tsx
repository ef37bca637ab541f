import type { BrandRow, Language } from '@kids-vod/contract';
import { whereAvailable } from '@kids-vod/contract/client';
import { Avatar, Badge, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { memo } from 'react';
import { LazyTooltip as Tooltip } from '../../components/lazy-tooltip.tsx';
import { ListTable, OpenLink, type SortableRows } from '../../components/list-table.tsx';
import { SortHeader } from '../../components/sort-header.tsx';
import { PUBLISHED, StateLabel } from '../../components/state-label.tsx';
import { TimedBadge } from '../../components/timed-badge.tsx';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
}

/**
 * The brand's languages as code badges, with their names in one tooltip for the cell: a page of 50 brands with ten
 * languages each would otherwise mount 500 tooltips (each a Floating UI instance), most of a page change's time.
 */
function LanguageCodes({ brand, languages }: { brand: BrandRow; languages: Map<number, Language> }) {
  if (brand.langs.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  }
  const shown = brand.langs.map((l) => {
    const lang = languages.get(l.lang_id);
    const code = (lang?.code ?? String(l.lang_id)).toUpperCase();
    return { ...l, code, name: `${lang?.name ?? code}${l.is_published ? '' : ' (not published)'}` };
  });
  return (
    <Tooltip label={shown.map((l) => l.name).join(', ')} multiline maw={360}>
      <Group gap={4}>
        {shown.map((l) => (
          <Badge
            key={l.id}
            variant={l.is_published ? 'light' : 'outline'}
            color={l.is_published ? 'indigo' : 'gray'}
            radius="sm"
          >
            {l.code}
            {l.is_published ? null : <VisuallyHidden> (not published)</VisuallyHidden>}
          </Badge>
        ))}
      </Group>
    </Tooltip>
  );
}

function WhereAvailable({ brand }: { brand: BrandRow }) {
  const short = whereAvailable(brand.country_rules);
  const full = whereAvailable(brand.country_rules, Number.POSITIVE_INFINITY);
  const text = (
    <Text size="sm" lineClamp={2}>
      {short}
    </Text>
  );
  return short === full ? (
    text
  ) : (
    <Tooltip label={full} multiline maw={360}>
      {text}
    </Tooltip>
  );
}

/**
 * The table re-renders only when its rows or columns change, not as the screen around it does (a key typed in the
 * search box, the next page asked for while this one shows): 50 rows of badges and tooltips are a page's costliest
 * render.
 */
export const BrandsTable = memo(function BrandsTable({
  rows,
  loading,
  languages,
  sort,
  direction,
  onSort,
  onOpen,
}: SortableRows<BrandRow> & { languages: Map<number, Language> }) {
  const header = { sort, direction, onSort };
  return (
    <ListTable
      label="Brands"
      minWidth={900}
      head={
        <>
          <Table.Th w={64}>Logo</Table.Th>
          <SortHeader label="Name" column="name" {...header} />
          <SortHeader label="Slug" column="slug" {...header} />
          <SortHeader label="Age rating" column="age" {...header} />
          <SortHeader label="Languages" column="langs" {...header} />
          <SortHeader label="Where available" column="where" {...header} />
          <SortHeader label="Published" column="published" {...header} />
        </>
      }
      loading={loading}
      skeleton={{ columns: 7, image: { w: 40, h: 40 } }}
      rows={rows}
      testId="brand-row"
      onOpen={onOpen}
      cells={(b) => (
        <>
          <Table.Td>
            <Avatar src={b.logo_url} alt={`${b.name} logo`} radius="sm" size={40} color="indigo">
              {initials(b.name)}
            </Avatar>
          </Table.Td>
          {/* A long name or slug wraps anywhere rather than pushing the other columns off screen. */}
          <Table.Td maw={280} style={{ overflowWrap: 'anywhere' }}>
            <OpenLink onOpen={() => onOpen(b)}>{b.name}</OpenLink>
          </Table.Td>
          <Table.Td maw={240} style={{ overflowWrap: 'anywhere' }}>
            <Text size="sm" ff="monospace">
              {b.slug}
            </Text>
          </Table.Td>
          <Table.Td>{b.age_rating}</Table.Td>
          <Table.Td>
            <LanguageCodes brand={b} languages={languages} />
          </Table.Td>
          <Table.Td maw={280}>
            <WhereAvailable brand={b} />
          </Table.Td>
          <Table.Td>
            <Group gap={6} wrap="nowrap">
              <StateLabel on={b.is_published} words={PUBLISHED} />
              <TimedBadge item={b} />
            </Group>
          </Table.Td>
        </>
      )}
    />
  );
});
