import type { MetadataChange, MetadataField, MetadataImportAnswer } from '@kids-vod/contract';
import { Alert, Badge, Group, Loader, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { errorMessage, importSheet } from '../../../shared/api/index.ts';
import { DANGER_TEXT, SUCCESS_TEXT } from '../../../shared/feedback/index.ts';
import { episodeCode } from '../format.ts';
import type { SheetStage } from './delivery-run.ts';

/** The delivery's metadata sheet and what its dry run said. */
export interface Sheet {
  file: File;
  answer: MetadataImportAnswer | null;
  /** The whole file refused (its encoding, its size): the person mends it and drops it again. */
  refusal: string | null;
}

/**
 * The sheet of a delivery: each one dropped replaces the one before (the person mends the file and drops it again)
 * and is read at once by a dry run, which writes nothing.
 */
export function useSheet(brandId: number) {
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const latest = useRef<File | null>(null);
  const check = async (file: File) => {
    latest.current = file;
    setSheet({ file, answer: null, refusal: null });
    const read = await importSheet(file, brandId, true).then(
      (answer) => ({ answer, refusal: null }),
      (err: unknown) => ({ answer: null, refusal: errorMessage(err) }),
    );
    // A sheet dropped again while the first was read: only the last one counts.
    if (latest.current === file) setSheet({ file, ...read });
  };
  const checking = sheet !== null && sheet.answer === null && sheet.refusal === null;
  /** What keeps the one click from starting: a sheet being read, refused, or with mistakes. */
  const blocked = checking || (sheet !== null && (sheet.refusal !== null || (sheet.answer?.errors.length ?? 0) > 0));
  // A sheet that changes nothing (the same file again) has nothing to write.
  const unchanged = sheet?.answer != null && sheet.answer.summary.create + sheet.answer.summary.update === 0;
  return { sheet, check, checking, blocked, unchanged };
}

const FIELD_LABELS: Record<MetadataField, string> = {
  title: 'Title',
  description: 'Description',
  available_from: 'Available from',
  available_until: 'Available until',
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The sheet beside the files: its mistakes by row and column, else every change field by field. */
export function SheetReview({
  sheet,
  stage,
  langName,
}: {
  sheet: Sheet;
  stage: SheetStage | null;
  langName: (id: number) => string;
}) {
  const { file, answer, refusal } = sheet;
  return (
    <Stack gap="xs" aria-label={`Sheet ${file.name}`} role="region">
      <Group gap="xs">
        <Badge variant="light">Sheet</Badge>
        <Text size="sm" fw={500}>
          {file.name}
        </Text>
        <SheetStatus sheet={sheet} stage={stage} />
      </Group>
      {refusal ? (
        <Alert color="red" role="alert" p="xs" title="The sheet is refused: mend it and drop it again">
          {refusal}
        </Alert>
      ) : null}
      {answer && answer.errors.length > 0 ? (
        <Alert color="red" role="alert" p="xs" title="Mend these in the sheet and drop it again">
          <Table verticalSpacing={2} aria-label="Mistakes in the sheet">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70}>Row</Table.Th>
                <Table.Th w={140}>Column</Table.Th>
                <Table.Th>Mistake</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.errors.map((e) => (
                <Table.Tr key={`${e.row}-${e.column}-${e.detail}`}>
                  <Table.Td>{e.row ?? 'File'}</Table.Td>
                  <Table.Td>{e.column ?? 'Whole row'}</Table.Td>
                  <Table.Td>{e.detail}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Alert>
      ) : null}
      {answer && answer.errors.length === 0 ? <ChangesTable changes={answer.changes} langName={langName} /> : null}
    </Stack>
  );
}

function SheetStatus({ sheet, stage }: { sheet: Sheet; stage: SheetStage | null }) {
  if (stage?.stage === 'writing') return <Loader size="xs" aria-label="Writing the texts" />;
  if (stage?.stage === 'failed')
    return (
      <Text size="sm" c={DANGER_TEXT}>
        Not written: {stage.sentence}
      </Text>
    );
  const { answer } = stage?.stage === 'written' ? stage : sheet;
  if (!answer) return sheet.refusal ? null : <Loader size="xs" aria-label="Reading the sheet" />;
  const { create, update, unchanged } = answer.summary;
  if (answer.errors.length)
    return (
      <Text
        size="sm"
        c={DANGER_TEXT}
      >{`${plural(answer.errors.length, 'mistake', 'mistakes')}: nothing will be written`}</Text>
    );
  const words = `${create} new · ${update} changed · ${unchanged} unchanged`;
  return (
    <Text size="sm" c={stage?.stage === 'written' ? SUCCESS_TEXT : 'dimmed'}>
      {stage?.stage === 'written' ? `Written: ${words}` : words}
    </Text>
  );
}

/** Every change field by field, before → after; rows that change nothing are counted above, not listed. */
function ChangesTable({ changes, langName }: { changes: MetadataChange[]; langName: (id: number) => string }) {
  const lines = changes.flatMap((c) =>
    (Object.entries(c.fields) as [MetadataField, { from: string | null; to: string | null }][]).map(
      ([field, change]) => ({ c, field, change }),
    ),
  );
  if (lines.length === 0) return null;
  return (
    // Taken by the keyboard (Tab, then the arrows) when it scrolls: a long sheet's changes are read that way too.
    <ScrollArea.Autosize
      mah="40vh"
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Changes in the sheet, scrolled' }}
    >
      <Table verticalSpacing={2} aria-label="Changes in the sheet" stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={60}>Row</Table.Th>
            <Table.Th w={90}>Episode</Table.Th>
            <Table.Th w={110}>Language</Table.Th>
            <Table.Th w={120}>Field</Table.Th>
            <Table.Th>Before</Table.Th>
            <Table.Th>After</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map(({ c, field, change }) => (
            <Table.Tr key={`${c.row}-${field}`}>
              <Table.Td>{c.row}</Table.Td>
              <Table.Td>
                {episodeCode({ season: c.season, sort_number: c.episode })}
                {c.action === 'create' ? (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    new
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{langName(c.lang_id)}</Table.Td>
              <Table.Td>{FIELD_LABELS[field]}</Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {change.from || '(empty)'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{change.to || '(empty)'}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
