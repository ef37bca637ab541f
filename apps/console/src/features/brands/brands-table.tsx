import type { BrandRow, Language } from '@kids-vod/contract';
import { whereAvailable } from '@kids-vod/contract/client';
import { Avatar, Table, VisuallyHidden } from '@mantine/core';
import { memo } from 'react';
import { LazyTooltip as Tooltip } from '../../shared/feedback/index.ts';
import {
  Cell,
  CellBadge,
  CellGroup,
  CellText,
  ItemState,
  ListTable,
  OpenLink,
  PUBLISHED,
  type SortableRows,
  SortHeader,
} from '../../shared/lists/index.ts';
import { ReadinessBadges } from '../../shared/readiness/index.ts';

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
    return <CellText dimmed>None</CellText>;
  }
  const shown = brand.langs.map((l) => {
    const lang = languages.get(l.lang_id);
    const code = (lang?.code ?? String(l.lang_id)).toUpperCase();
    return { ...l, code, name: `${lang?.name ?? code}${l.is_published ? '' : ' (not published)'}` };
  });
  return (
    <Tooltip label={shown.map((l) => l.name).join(', ')} multiline maw={360}>
      <CellGroup>
        {shown.map((l) => (
          <CellBadge
            key={l.id}
            size="md"
            variant={l.is_published ? 'light' : 'outline'}
            color={l.is_published ? 'indigo' : 'gray'}
          >
            {l.code}
            {l.is_published ? null : <VisuallyHidden> (not published)</VisuallyHidden>}
          </CellBadge>
        ))}
      </CellGroup>
    </Tooltip>
  );
}

// A long name or slug wraps anywhere rather than pushing the other columns off screen.
const NAME_STYLE = { maxWidth: 280, overflowWrap: 'anywhere' } as const;
const SLUG_STYLE = { maxWidth: 240, overflowWrap: 'anywhere' } as const;
const MONOSPACE = { fontFamily: 'var(--mantine-font-family-monospace)' };
const WHERE_STYLE = { maxWidth: 280 };

function WhereAvailable({ brand }: { brand: BrandRow }) {
  const short = whereAvailable(brand.country_rules);
  const full = whereAvailable(brand.country_rules, Number.POSITIVE_INFINITY);
  const text = <CellText clamp>{short}</CellText>;
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
          <Table.Th>Ready</Table.Th>
          <SortHeader label="Where available" column="where" {...header} />
          <SortHeader label="Published" column="published" {...header} />
        </>
      }
      loading={loading}
      skeleton={{ columns: 8, image: { w: 40, h: 40 } }}
      rows={rows}
      testId="brand-row"
      onOpen={onOpen}
      cells={(b) => (
        <>
          <Cell>
            <Avatar src={b.logo_url} alt={`${b.name} logo`} radius="sm" size={40} color="indigo">
              {initials(b.name)}
            </Avatar>
          </Cell>
          <Cell style={NAME_STYLE}>
            <OpenLink onOpen={() => onOpen(b)}>{b.name}</OpenLink>
          </Cell>
          <Cell style={SLUG_STYLE}>
            <CellText style={MONOSPACE}>{b.slug}</CellText>
          </Cell>
          <Cell>{b.age_rating}</Cell>
          <Cell>
            <LanguageCodes brand={b} languages={languages} />
          </Cell>
          <Cell>
            <ReadinessBadges brandId={b.id} />
          </Cell>
          <Cell style={WHERE_STYLE}>
            <WhereAvailable brand={b} />
          </Cell>
          <Cell>
            <ItemState on={b.is_published} words={PUBLISHED} item={b} />
          </Cell>
        </>
      )}
    />
  );
});
