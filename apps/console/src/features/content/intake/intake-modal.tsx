import { type BrandName, type IntakeRow, indexEpisodes } from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { Alert, Button, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { callQuery, errorMessage, send, sharedKeys, useBrandContent, useLanguages } from '../../../shared/api/index.ts';
import { runDelivery, type SheetStage } from './delivery-run.ts';
import { FilesDrop, NewBrandVersions } from './intake-choose.tsx';
import { type Phase, useIntakeClose } from './intake-close.ts';
import {
  clashingKeys,
  fromMatch,
  type IntakeFile,
  inTableOrder,
  missingBrandLangs,
  planOf,
  type RowPlan,
} from './intake-rows.ts';
import type { RowProgress } from './intake-run.ts';
import { SheetReview, useSheet } from './intake-sheet.tsx';
import { IntakeTable } from './intake-table.tsx';
import { countStages, isSending, progressSummary, reviewSummary, startLabel } from './intake-words.ts';
// The dropzone's own styles (dashed border, hover): loaded with this modal, not with the console.
import '@mantine/dropzone/styles.css';

/** The brand's language versions, under the brand modal's key, so creating one here reloads it there too. */
const brandLangsQuery = (brandId: number) =>
  callQuery(['brands', 'langs', brandId] as const, api.brand.langList, { brand_id: brandId });

/**
 * "Upload episodes" (console.md, third and fourth waves; decisions 065, 076): a studio's delivery chosen or dropped
 * (masters, subtitles, thumbnails, the metadata sheet), what each name says in an editable table and the sheet's
 * changes beside it, then on one click the texts written and every file uploaded into its episode and language
 * version (created where missing), masters followed through processing.
 */
export function IntakeModal({ brand, onClose }: { brand: BrandName; onClose: () => void }) {
  const queryClient = useQueryClient();
  const languages = useLanguages();
  const content = useBrandContent(brand.id);
  const brandLangs = useQuery(brandLangsQuery(brand.id));
  const [phase, setPhase] = useState<Phase>('choose');
  const [rows, setRows] = useState<IntakeFile[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  // Languages whose brand version the person agrees to create: every missing one, unless unchecked.
  const [declined, setDeclined] = useState<Set<number>>(new Set());
  const [progress, setProgress] = useState<Map<string, RowProgress>>(new Map());
  const [planned, setPlanned] = useState<Map<string, RowPlan>>(new Map());
  const sheet = useSheet(brand.id);
  const [sheetStage, setSheetStage] = useState<SheetStage | null>(null);
  const stop = useRef<AbortController | null>(null);
  const keptCounter = useRef(1);
  const keyCounter = useRef(0);

  const langById = useMemo(() => new Map((languages.data ?? []).map((l) => [l.id, l])), [languages.data]);
  const langName = (id: number) => langById.get(id)?.name ?? `language ${id}`;
  const episodes = useMemo(() => indexEpisodes(content.data ?? []), [content.data]);
  const brandLangIds = useMemo(() => new Set((brandLangs.data ?? []).map((l) => l.lang_id)), [brandLangs.data]);
  const missingLangs = missingBrandLangs(rows, brandLangIds);
  const newLangs = new Set(missingLangs.filter((id) => !declined.has(id)));
  const plans = phase === 'running' || phase === 'finished' ? planned : planOf(rows, episodes, brandLangIds, newLangs);
  const clashing = clashingKeys(rows, plans);
  const toUpload = rows.filter((r) => plans.get(r.key)?.kind === 'upload');
  const newEpisodes = new Set(
    toUpload.flatMap((r) => {
      const p = plans.get(r.key);
      return p?.kind === 'upload' && !p.existing ? [`${p.season}:${p.episode}`] : [];
    }),
  ).size;

  async function addFiles(files: File[]) {
    if (files.length === 0) return;
    setProblem(null);
    setPhase('matching');
    try {
      const answer = await send(api.intake.match, { body: { brand_id: brand.id, names: files.map((f) => f.name) } });
      // The sheet is read as a change of its own (the last one dropped); every other file is a row of the table.
      const pairs = files.map((file, i) => ({ file, row: answer.rows[i] as IntakeRow }));
      const sheets = pairs.filter((p) => p.row?.kind === 'sheet');
      const others = pairs.filter((p) => p.row?.kind !== 'sheet');
      const added = fromMatch(
        others.map((p) => p.file),
        others.map((p) => p.row),
        keyCounter.current,
        episodes,
      );
      keyCounter.current += others.length;
      setRows((before) => inTableOrder([...before, ...added]));
      const last = sheets.at(-1);
      if (last) {
        setSheetStage(null);
        void sheet.check(last.file);
      }
    } catch (err) {
      setProblem(errorMessage(err));
    }
    setPhase('review');
  }

  const change = (key: string, patch: Partial<IntakeFile>) =>
    setRows((before) => before.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  async function confirm() {
    setPlanned(plans);
    setPhase('running');
    const controller = new AbortController();
    stop.current = controller;
    const started = await runDelivery({
      brand,
      sheet: sheet.sheet?.file ?? null,
      rows,
      brandLangs: brandLangIds,
      newLangs: [...newLangs],
      langName,
      signal: controller.signal,
      onSheet: setSheetStage,
      onPlanned: setPlanned,
      onRow: (key, p) => setProgress((before) => new Map(before).set(key, p)),
    }).catch((err: unknown) => {
      setProblem(errorMessage(err));
      return false;
    });
    // A refused sheet sends nothing: back to the table, to drop the mended sheet again.
    setPhase(started ? 'finished' : 'review');
    // What the delivery created shows in the list, the brand's versions and the Videos screen.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: sharedKeys.brandContent(brand.id) }),
      queryClient.invalidateQueries({ queryKey: sharedKeys.files }),
      queryClient.invalidateQueries({ queryKey: ['brands'] }),
    ]);
  }

  // The sheet's titles, shown in the rows whose version it names (its dry run, until it is written).
  const sheetAnswer = sheetStage?.stage === 'written' ? sheetStage.answer : sheet.sheet?.answer;
  const sheetTitles = useMemo(
    () =>
      new Map(
        (sheetAnswer?.changes ?? []).flatMap((c) =>
          c.fields.title?.to ? [[`${c.season}:${c.episode}:${c.lang_id}`, c.fields.title.to] as const] : [],
        ),
      ),
    [sheetAnswer],
  );
  const counts = countStages(progress);
  const sending = [...progress.values()].some(isSending);
  const close = useIntakeClose({ phase, sending, files: rows.length, stop, onClose });

  const editable = phase === 'review' || phase === 'choose' || phase === 'matching';

  return (
    <Modal
      opened
      onClose={close}
      title={`Upload episodes · ${brand.name}`}
      size="min(1200px, 96vw)"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 600 } }}
    >
      <Stack gap="md">
        {editable ? (
          <FilesDrop
            more={rows.length > 0}
            matching={phase === 'matching'}
            onFiles={addFiles}
            onReject={() => setProblem('Choose masters, subtitles, thumbnails or a sheet (.xlsx, .csv)')}
          />
        ) : null}
        {problem ? (
          <Alert color="red" role="alert" p="xs">
            {problem}
          </Alert>
        ) : null}
        {editable ? (
          <NewBrandVersions
            brandName={brand.name}
            langs={missingLangs}
            declined={declined}
            langName={langName}
            onChange={setDeclined}
          />
        ) : null}
        {sheet.sheet ? <SheetReview sheet={sheet.sheet} stage={sheetStage} langName={langName} /> : null}
        {rows.length > 0 ? (
          <ScrollArea.Autosize
            mah="50vh"
            viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Files to upload, scrolled' }}
          >
            <IntakeTable
              rows={rows}
              plans={plans}
              progress={progress}
              clashing={clashing}
              editable={editable}
              sheetTitles={sheetTitles}
              languages={languages.data ?? []}
              langName={langName}
              onChange={change}
              onKeep={(key) => change(key, { keptAt: keptCounter.current++ })}
            />
          </ScrollArea.Autosize>
        ) : null}
        <Group justify="space-between" align="center">
          <Text size="sm" aria-live="polite">
            {phase === 'running' || phase === 'finished'
              ? progressSummary(counts, phase === 'finished')
              : reviewSummary(rows.length, toUpload.length, newEpisodes)}
          </Text>
          <Group gap="sm">
            {phase === 'finished' || (phase === 'running' && !sending) ? (
              <Button onClick={() => void close()}>Close</Button>
            ) : phase === 'running' ? (
              <Button variant="default" onClick={() => void close()}>
                Stop uploads
              </Button>
            ) : (
              <>
                <Button variant="default" onClick={() => void close()}>
                  Cancel
                </Button>
                <Button
                  onClick={() => void confirm()}
                  disabled={
                    (toUpload.length === 0 && (!sheet.sheet || sheet.unchanged)) ||
                    sheet.blocked ||
                    phase === 'matching' ||
                    content.isPending
                  }
                >
                  {startLabel(toUpload.length, sheet.sheet !== null)}
                </Button>
              </>
            )}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
