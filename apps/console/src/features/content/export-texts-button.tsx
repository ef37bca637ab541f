import type { BrandName } from '@kids-vod/contract';
import { CALL_PERMISSIONS } from '@kids-vod/contract/call-permissions';
import { Button } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { lazyComponent } from '../../shared/screen/index.ts';
import { useMay } from '../../shared/session/index.ts';

// Loaded when it is opened, like "Upload episodes": the list does not need it.
const ExportTextsModal = lazyComponent(() => import('./export-texts.tsx').then((m) => m.ExportTextsModal));

/** "Export texts" beside "Upload episodes": the brand's texts as a sheet for translators. */
export function ExportTextsButton({ brand }: { brand: BrandName | null }) {
  const mayExport = useMay(CALL_PERMISSIONS.metadata.export);
  const [opened, setOpened] = useState(false);
  if (!mayExport) return null;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileExport size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        onMouseEnter={ExportTextsModal.preload}
        onFocus={ExportTextsModal.preload}
        disabled={!brand}
      >
        Export texts
      </Button>
      <Suspense fallback={null}>
        {brand && opened ? <ExportTextsModal key={brand.id} brand={brand} onClose={() => setOpened(false)} /> : null}
      </Suspense>
    </>
  );
}
