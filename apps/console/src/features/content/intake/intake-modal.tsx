import { type BrandName, indexEpisodes } from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { Alert, Button, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { callQuery, errorMessage, send, sharedKeys, useBrandContent, useLanguages } from '../../../shared/api/index.ts';
import { confirmAction, isConfirming } from '../../../shared/feedback/index.ts';
import { FilesDrop, NewBrandVersions } from './intake-choose.tsx';
import {
  clashingKeys,
  fromMatch,
  type IntakeFile,
  inTableOrder,
  missingBrandLangs,
  planOf,
  type RowPlan,
} from './intake-rows.ts';
import { type RowProgress, runIntake } from './intake-run.ts';
import { IntakeTable } from './intake-table.tsx';
import { countStages, isSending, progressSummary, reviewSummary } from './intake-words.ts';
// The dropzone's own styles (dashed border, hover): loaded with this modal, not with the console.
import '@mantine/dropzone/styles.css';

/** The brand's language versions, under the brand modal's key, so creating one here reloads it there too. */
const brandLangsQuery = (brandId: number) =>
  callQuery(['brands', 'langs', brandId] as const, api.brand.langList, { brand_id: brandId });

type Phase = 'choose' | 'matching' | 'review' | 'running' | 'finished';

/**
 * "Upload episodes" (console.md, third wave; decision 065): many files chosen or dropped, what each name says in an
 * editable table, then on confirm each file uploaded (resumable, UPLOADS_AT_ONCE at a time), its episode and
 * language version created where missing, attached and followed through processing.
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
      const added = fromMatch(files, answer.rows, keyCounter.current, episodes);
      keyCounter.current += files.length;
      setRows((before) => inTableOrder([...before, ...added]));
    } catch (err) {
      setProblem(errorMessage(err));
    }
    setPhase('review');
  }

  const change = (key: string, patch: Partial<IntakeFile>) =>
    setRows((before) => before.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  async function confirm() {
    const chosen = toUpload.flatMap((row) => {
      const plan = plans.get(row.key);
      return plan?.kind === 'upload' ? [{ row, plan }] : [];
    });
    setPlanned(plans);
    setPhase('running');
    const controller = new AbortController();
    stop.current = controller;
    await runIntake({
      brand,
      rows: chosen,
      newLangs: [...newLangs],
      langName,
      signal: controller.signal,
      onRow: (key, p) => setProgress((before) => new Map(before).set(key, p)),
    });
    setPhase('finished');
    // What the intake created shows in the list, the brand's versions and the Videos screen.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: sharedKeys.brandContent(brand.id) }),
      queryClient.invalidateQueries({ queryKey: sharedKeys.files }),
      queryClient.invalidateQueries({ queryKey: ['brands'] }),
    ]);
  }

  const counts = countStages(progress);
  const sending = [...progress.values()].some(isSending);

  async function close() {
    // The Escape that answers "Stop the uploads?" reaches this modal too.
    if (isConfirming()) return;
    if (phase === 'running' && !sending) {
      // Every file has arrived and is attached: its processing goes on on the server whatever this page does.
      stop.current?.abort();
    } else if (phase === 'running') {
      const stopIt = await confirmAction({
        title: 'Stop the uploads?',
        message: 'Files not uploaded yet are left; choosing the same files again resumes them.',
        confirmLabel: 'Stop uploads',
      });
      if (!stopIt) return;
      stop.current?.abort();
    } else if (phase === 'review' && rows.length > 0) {
      // A table the person may have edited (titles, seasons, choices) is not dropped by a stray Escape.
      const leave = await confirmAction({
        title: 'Close without uploading?',
        message: `The ${rows.length === 1 ? 'file' : `${rows.length} files`} and what you changed in the table are left; nothing has been created.`,
        confirmLabel: 'Close',
      });
      if (!leave) return;
    }
    onClose();
  }

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
            onReject={() => setProblem('Choose video files')}
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
        {rows.length > 0 ? (
          <ScrollArea.Autosize mah="60vh">
            <IntakeTable
              rows={rows}
              plans={plans}
              progress={progress}
              clashing={clashing}
              editable={editable}
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
                  disabled={toUpload.length === 0 || phase === 'matching' || content.isPending}
                >
                  {`Upload ${toUpload.length} ${toUpload.length === 1 ? 'file' : 'files'}`}
                </Button>
              </>
            )}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
