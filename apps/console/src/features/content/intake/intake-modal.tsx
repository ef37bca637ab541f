import { type BrandName, indexEpisodes, type Language } from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Progress,
  Radio,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconAlertTriangle, IconCircleCheckFilled, IconUpload, IconWifiOff } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { callQuery, errorMessage, send, sharedKeys, useBrandContent, useLanguages } from '../../../shared/api/index.ts';
import { confirmAction, DANGER_TEXT, isConfirming, SUCCESS_TEXT } from '../../../shared/feedback/index.ts';
import { episodeCode } from '../format.ts';
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

  async function close() {
    // The Escape that answers "Stop the uploads?" reaches this modal too.
    if (isConfirming()) return;
    if (phase === 'running') {
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

  const counts = countStages(progress);
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
                    editable={editable}
                    languages={languages.data ?? []}
                    langName={langName}
                    onChange={(patch) => change(row.key, patch)}
                    onKeep={() => change(row.key, { keptAt: keptCounter.current++ })}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        ) : null}
        <Group justify="space-between" align="center">
          <Text size="sm" aria-live="polite">
            {phase === 'running' || phase === 'finished'
              ? progressSummary(counts, phase)
              : reviewSummary(rows.length, toUpload.length, newEpisodes)}
          </Text>
          <Group gap="sm">
            {phase === 'finished' ? (
              <Button onClick={onClose}>Close</Button>
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

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function reviewSummary(files: number, toUpload: number, newEpisodes: number): string {
  if (files === 0) return 'Names like Show_S01E03_EN.mp4, show.s1e3.es.mov or 1x03 (French) are read for you.';
  const leftOut = files - toUpload;
  return `${plural(toUpload, 'file', 'files')} to upload · ${plural(newEpisodes, 'new episode', 'new episodes')}${leftOut ? ` · ${leftOut} left out` : ''}`;
}

/** Many files, dropped or chosen (the area takes the focus: Enter or Space opens the file chooser). */
function FilesDrop({
  more,
  matching,
  onFiles,
  onReject,
}: {
  more: boolean;
  matching: boolean;
  onFiles: (files: File[]) => void;
  onReject: () => void;
}) {
  return (
    <Dropzone
      onDrop={(files) => void onFiles(files)}
      onReject={onReject}
      accept={['video/*', 'application/mxf']}
      multiple
      loading={matching}
      p="sm"
      aria-label="Choose episode files"
      inputProps={{ 'aria-label': 'Choose episode files' }}
    >
      <Group gap="xs" justify="center" mih={more ? 48 : 120} style={{ pointerEvents: 'none' }}>
        <IconUpload size={20} aria-hidden />
        <Text size="sm">
          {more ? 'Drop more files here or click to choose' : 'Drop a folder of masters here or click to choose files'}
        </Text>
      </Group>
    </Dropzone>
  );
}

/** A language the brand has no version in: created with the intake unless the person unchecks it (decision 065). */
function NewBrandVersions({
  brandName,
  langs,
  declined,
  langName,
  onChange,
}: {
  brandName: string;
  langs: number[];
  declined: Set<number>;
  langName: (id: number) => string;
  onChange: (declined: Set<number>) => void;
}) {
  if (langs.length === 0) return null;
  return (
    <Stack gap={4}>
      {langs.map((id) => (
        <Checkbox
          key={id}
          label={`Create the ${langName(id)} version of the brand`}
          description={`${brandName} has no ${langName(id)} version yet: its files wait for it. Created unpublished.`}
          checked={!declined.has(id)}
          onChange={(e) => {
            const next = new Set(declined);
            if (e.currentTarget.checked) next.delete(id);
            else next.add(id);
            onChange(next);
          }}
        />
      ))}
    </Stack>
  );
}

function countStages(progress: Map<string, RowProgress>) {
  const counts = { waiting: 0, uploading: 0, attaching: 0, processing: 0, ready: 0, failed: 0 };
  for (const p of progress.values()) counts[p.stage]++;
  return counts;
}

function progressSummary(counts: ReturnType<typeof countStages>, phase: Phase): string {
  const busy = counts.waiting + counts.uploading + counts.attaching + counts.processing;
  const parts = [`${counts.ready} ready`];
  if (busy) parts.push(`${busy} under way`);
  if (counts.failed) parts.push(`${counts.failed} failed`);
  return phase === 'finished' ? `Done: ${parts.join(' · ')}` : parts.join(' · ');
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
}: {
  row: IntakeFile;
  plan: RowPlan | undefined;
  progress: RowProgress | undefined;
  clashing: boolean;
  editable: boolean;
  languages: Language[];
  langName: (id: number) => string;
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

/** Before the upload: what the row will do, or why it will not be uploaded. */
function PlanCell({
  plan,
  name,
  clashing,
  editable,
  langName,
  onKeep,
}: {
  plan: RowPlan | undefined;
  name: string;
  clashing: boolean;
  editable: boolean;
  langName: (id: number) => string;
  onKeep: () => void;
}) {
  const keep = clashing ? (
    <Radio
      size="xs"
      label="Keep this file"
      aria-label={`Keep ${name}`}
      checked={plan?.kind === 'upload'}
      onChange={onKeep}
      disabled={!editable}
    />
  ) : null;
  if (!plan || plan.kind === 'left-out') {
    return (
      <Text size="xs" c="dimmed">
        Left out
      </Text>
    );
  }
  if (plan.kind === 'incomplete') {
    return (
      <Text size="xs" c={DANGER_TEXT}>
        {plan.why}
      </Text>
    );
  }
  if (plan.kind === 'clash') {
    return (
      <Stack gap={2}>
        <Text size="xs" c={DANGER_TEXT}>
          Clash: same episode and language as {plan.keptName}, which is kept
        </Text>
        {keep}
      </Stack>
    );
  }
  if (plan.kind === 'no-brand-version') {
    return (
      <Text size="xs" c={DANGER_TEXT}>
        Waits for the {langName(plan.langId)} version of the brand
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {plan.replaces ? 'Replaces the video this version has' : 'Ready to upload'}
      </Text>
      {keep}
    </Stack>
  );
}

/** After confirm: the row's bar and words, named by its file. */
function ProgressCell({ name, progress }: { name: string; progress: RowProgress }) {
  switch (progress.stage) {
    case 'waiting':
      return (
        <Text size="xs" c="dimmed">
          Waiting
        </Text>
      );
    case 'uploading':
      return (
        <Stack gap={2}>
          <Progress value={progress.percent} size="sm" aria-label={`Uploading ${name}`} />
          <Group gap={4} wrap="nowrap">
            {progress.retrying ? <IconWifiOff size={14} aria-hidden /> : null}
            <Text size="xs" c={progress.retrying ? DANGER_TEXT : 'dimmed'}>
              {progress.retrying ? 'Connection lost, retrying…' : `Uploading ${progress.percent}%`}
            </Text>
          </Group>
        </Stack>
      );
    case 'attaching':
      return (
        <Text size="xs" c="dimmed">
          Attaching
        </Text>
      );
    case 'processing':
      return (
        <Stack gap={2}>
          <Progress value={progress.percent} size="sm" color="grape" aria-label={`Processing ${name}`} />
          <Text size="xs" c="dimmed">{`Processing ${progress.percent}%`}</Text>
        </Stack>
      );
    case 'ready':
      return (
        <Group gap={4} wrap="nowrap">
          <IconCircleCheckFilled size={14} color="var(--mantine-color-green-6)" aria-hidden />
          <Text size="xs" c={SUCCESS_TEXT}>
            Ready and attached
          </Text>
        </Group>
      );
    case 'failed':
      return (
        <Stack gap={2}>
          <Group gap={4} wrap="nowrap">
            <IconAlertTriangle size={14} color="var(--mantine-color-red-6)" aria-hidden />
            <Text size="xs" c={DANGER_TEXT} fw={500}>
              Failed: {progress.sentence}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {progress.done.length ? `Done before: ${progress.done.join(', ')}` : 'Nothing was created for it'}
          </Text>
        </Stack>
      );
  }
}
