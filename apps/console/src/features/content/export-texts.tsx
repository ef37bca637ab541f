import { type BrandName, METADATA_FORMATS, type MetadataFormat } from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { Alert, Button, Checkbox, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callQuery, downloadCall, errorMessage, useLanguages } from '../../shared/api/index.ts';

const FORMAT_LABELS: Record<MetadataFormat, string> = { xlsx: 'XLSX (Excel)', csv: 'CSV' };

/** The file's name: the brand's, as a file name says it. */
const fileName = (brand: BrandName, format: MetadataFormat) =>
  `${
    brand.name
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '_')
      .replace(/^_+|_+$/g, '') || 'brand'
  }_metadata.${format}`;

/**
 * "Export texts" (console.md, fourth wave): the brand's episodes × languages as a sheet for translators, with empty
 * cells where a version has no text yet; the same file, filled in, goes back in through "Upload episodes".
 */
export function ExportTextsModal({ brand, onClose }: { brand: BrandName; onClose: () => void }) {
  const languages = useLanguages();
  // Under the brand modal's key for its language versions: one read for both.
  const versions = useQuery(
    callQuery(['brands', 'langs', brand.id] as const, api.brand.langList, { brand_id: brand.id }),
  );
  const [format, setFormat] = useState<MetadataFormat>('xlsx');
  // Every language of the brand unless the person unchecks some.
  const [left, setLeft] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const brandLangs = (versions.data ?? []).map((v) => String(v.lang_id));
  const chosen = brandLangs.filter((id) => !left.includes(id));
  const nameOf = (id: string) => languages.data?.find((l) => String(l.id) === id)?.name ?? `Language ${id}`;

  async function download() {
    setBusy(true);
    setProblem(null);
    try {
      await downloadCall(
        api.metadata.export,
        { brand_id: brand.id, lang_ids: chosen.map(Number), format },
        fileName(brand, format),
      );
      onClose();
    } catch (err) {
      setProblem(errorMessage(err));
    }
    setBusy(false);
  }

  return (
    <Modal opened onClose={onClose} title={`Export texts · ${brand.name}`} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <Text size="sm">
          Every episode in each language, a row each, with its title and description: for translators to fill in. The
          filled file goes back in through Upload episodes, shown as a change before anything is written.
        </Text>
        <Radio.Group label="Format" value={format} onChange={(v) => setFormat(v as MetadataFormat)}>
          <Group gap="md" mt={4}>
            {METADATA_FORMATS.map((f) => (
              <Radio key={f} value={f} label={FORMAT_LABELS[f]} />
            ))}
          </Group>
        </Radio.Group>
        <Checkbox.Group
          label="Languages"
          value={chosen}
          onChange={(v) => setLeft(brandLangs.filter((id) => !v.includes(id)))}
          error={versions.isSuccess && brandLangs.length === 0 ? `${brand.name} has no language version yet` : null}
        >
          <Group gap="md" mt={4}>
            {brandLangs.map((id) => (
              <Checkbox key={id} value={id} label={nameOf(id)} />
            ))}
          </Group>
        </Checkbox.Group>
        {problem ? (
          <Alert color="red" role="alert" p="xs">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void download()} loading={busy} disabled={chosen.length === 0}>
            Download
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
