import type { Language } from '@kids-vod/contract';
import { Checkbox, NumberInput, Select, Table, Text } from '@mantine/core';
import { episodeCode } from '../format.ts';
import { PlanCell, ProgressCell, TitleCell } from './intake-cells.tsx';
import type { DeliveryKind, IntakeFile, RowPlan } from './intake-rows.ts';
import type { RowProgress } from './intake-run.ts';

const KIND_LABELS: Record<DeliveryKind, string> = {
  video: 'Master',
  subtitles: 'Subtitles',
  captions: 'Captions',
  thumbnail: 'Thumbnail',
  other: 'Other',
};

/** The table of chosen files: what each name says, editable before confirm, then each row's progress. */
/** What every row is drawn with, whatever its file. */
interface RowsContext {
  editable: boolean;
  /** The titles the sheet gives, by season, episode and language: what a version created or kept will be called. */
  sheetTitles: Map<string, string>;
  languages: Language[];
  langName: (id: number) => string;
}

export function IntakeTable({
  rows,
  plans,
  progress,
  clashing,
  onChange,
  onKeep,
  ...context
}: RowsContext & {
  rows: IntakeFile[];
  plans: Map<string, RowPlan>;
  progress: Map<string, RowProgress>;
  clashing: Set<string>;
  onChange: (key: string, patch: Partial<IntakeFile>) => void;
  onKeep: (key: string) => void;
}) {
  return (
    <Table verticalSpacing={4} aria-label="Files to upload" stickyHeader>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={40}>
            <Text size="xs" fw={600}>
              Upload
            </Text>
          </Table.Th>
          <Table.Th>File</Table.Th>
          <Table.Th w={90}>Kind</Table.Th>
          <Table.Th w={80}>Season</Table.Th>
          <Table.Th w={80}>Episode</Table.Th>
          <Table.Th w={130}>Language</Table.Th>
          <Table.Th w={150}>Becomes</Table.Th>
          <Table.Th>Title</Table.Th>
          <Table.Th w={220}>Status</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <IntakeTableRow
            key={row.key}
            row={row}
            plan={plans.get(row.key)}
            progress={progress.get(row.key)}
            clashing={clashing.has(row.key)}
            {...context}
            onChange={(patch) => onChange(row.key, patch)}
            onKeep={() => onKeep(row.key)}
          />
        ))}
      </Table.Tbody>
    </Table>
  );
}

function IntakeTableRow({
  row,
  plan,
  progress,
  clashing,
  editable,
  sheetTitles,
  languages,
  langName,
  onChange,
  onKeep,
}: RowsContext & {
  row: IntakeFile;
  plan: RowPlan | undefined;
  progress: RowProgress | undefined;
  clashing: boolean;
  onChange: (patch: Partial<IntakeFile>) => void;
  onKeep: () => void;
}) {
  const upload = plan?.kind === 'upload' ? plan : null;
  const sheetTitle =
    upload && upload.langId !== null
      ? sheetTitles.get(`${upload.season}:${upload.episode}:${upload.langId}`)
      : undefined;
  const numberPatch = (field: 'season' | 'episode') => (v: string | number) => {
    const value = typeof v === 'number' && v > 0 ? Math.floor(v) : '';
    const next = { ...row, [field]: value };
    // Filling in both numbers of a row left out takes it in: that is why they were typed.
    onChange({
      [field]: value,
      ...(next.season !== '' && next.episode !== '' && !row.include ? { include: true } : {}),
    });
  };
  return (
    <Table.Tr data-testid={`intake-row-${row.name}`}>
      <Table.Td>
        <Checkbox
          aria-label={`Upload ${row.name}`}
          checked={row.include}
          disabled={!editable || row.kind === 'other'}
          onChange={(e) => onChange({ include: e.currentTarget.checked })}
        />
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {row.name}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{KIND_LABELS[row.kind]}</Text>
      </Table.Td>
      {(['season', 'episode'] as const).map((field) => (
        <Table.Td key={field}>
          {editable ? (
            <NumberInput
              aria-label={`${field === 'season' ? 'Season' : 'Episode'} of ${row.name}`}
              value={row[field]}
              onChange={numberPatch(field)}
              min={1}
              allowDecimal={false}
              hideControls
              size="xs"
            />
          ) : (
            <Text size="sm">{row[field]}</Text>
          )}
        </Table.Td>
      ))}
      <Table.Td>
        {editable ? (
          <Select
            aria-label={`Language of ${row.name}`}
            data={languages.map((l) => ({ value: String(l.id), label: l.name }))}
            value={row.langId === null ? null : String(row.langId)}
            // A language chosen by hand is the file's one language.
            onChange={(v) => onChange({ langId: v ? Number(v) : null, langIds: v ? [Number(v)] : [] })}
            placeholder={row.kind === 'thumbnail' ? 'Every language' : 'Choose'}
            size="xs"
            // Wide enough for "Every language" and the longer language names, whatever the table leaves it.
            miw={140}
            searchable
            clearable={row.kind === 'thumbnail'}
          />
        ) : (
          <Text size="sm">{row.langId === null ? '' : langName(row.langId)}</Text>
        )}
        {row.kind === 'video' && row.langIds.length > 1 ? (
          <Text size="xs" c="dimmed">
            {`+ ${row.langIds
              .filter((id) => id !== row.langId)
              .map(langName)
              .join(', ')} if its audio has it`}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {upload
            ? `${episodeCode({ season: upload.season, sort_number: upload.episode })} · ${upload.existing ? 'Existing' : 'New episode'}`
            : '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <TitleCell row={row} upload={upload} editable={editable} sheetTitle={sheetTitle} onChange={onChange} />
      </Table.Td>
      <Table.Td>
        {progress ? (
          <ProgressCell name={row.name} progress={progress} />
        ) : (
          <PlanCell
            plan={plan}
            name={row.name}
            clashing={clashing}
            editable={editable}
            langName={langName}
            onKeep={onKeep}
          />
        )}
      </Table.Td>
    </Table.Tr>
  );
}
