import type { Language } from '@kids-vod/contract';
import { Checkbox, NumberInput, Select, Table, Text, TextInput } from '@mantine/core';
import { episodeCode } from '../format.ts';
import { PlanCell, ProgressCell } from './intake-cells.tsx';
import type { IntakeFile, RowPlan } from './intake-rows.ts';
import type { RowProgress } from './intake-run.ts';

/** The table of chosen files: what each name says, editable before confirm, then each row's progress. */
/** What every row is drawn with, whatever its file. */
interface RowsContext {
  editable: boolean;
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
  // A new episode or a new language version takes the title; an existing version keeps its own.
  const keepsTitle = upload !== null && upload.versionTitle !== null;
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
          disabled={!editable}
          onChange={(e) => onChange({ include: e.currentTarget.checked })}
        />
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {row.name}
        </Text>
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
            onChange={(v) => onChange({ langId: v ? Number(v) : null })}
            placeholder="Choose"
            size="xs"
            searchable
          />
        ) : (
          <Text size="sm">{row.langId === null ? '' : langName(row.langId)}</Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {upload
            ? `${episodeCode({ season: upload.season, sort_number: upload.episode })} · ${upload.existing ? 'Existing' : 'New episode'}`
            : '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        {keepsTitle ? (
          <Text size="sm" c="dimmed">
            {upload.versionTitle || '(no title)'} · kept
          </Text>
        ) : !editable ? (
          <Text size="sm">{row.title}</Text>
        ) : (
          <TextInput
            aria-label={`Title of ${row.name}`}
            placeholder="No title in the name"
            value={row.title}
            onChange={(e) => onChange({ title: e.currentTarget.value })}
            size="xs"
            disabled={!editable}
          />
        )}
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
