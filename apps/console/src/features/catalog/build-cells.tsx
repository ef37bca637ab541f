import type { CatalogueBuildRecord } from '@kids-vod/contract';
import {
  Anchor,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { CopyValue, WARNING_TEXT } from '../../shared/feedback/index.ts';
import { HiddenItems } from '../../shared/hidden-items/index.ts';
import { LINK_COLOUR, ListState } from '../../shared/lists/index.ts';
import { useLeftOut } from './api.ts';
import { absoluteUrl, countList, formatSize, formatTime } from './format.ts';

/** How much of the SHA-256 the table shows; the whole of it is on hover and copied. */
const SHORT_SHA = 12;

/** The URL as a link that opens in a new tab, and a button that copies it. */
function UrlLink({ url, what }: { url: string; what: string }) {
  const href = absoluteUrl(url);
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Anchor
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        size="xs"
        ff="monospace"
        c={LINK_COLOUR}
        style={{ overflowWrap: 'anywhere' }}
      >
        {href}
        <IconExternalLink size={12} aria-hidden style={{ marginLeft: 4, verticalAlign: 'middle' }} />
        <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      </Anchor>
      <CopyValue size="sm" value={href} label={`Copy URL of ${what}`} />
    </Group>
  );
}

/**
 * A build's URL; for the live build also the stable URL the apps download (the same file, overwritten by each
 * build), so the address to give an app is on the screen, not only in the docs.
 */
export function UrlCell({ url, what, stableUrl }: { url: string; what: string; stableUrl?: string }) {
  return (
    <Table.Td>
      {stableUrl ? (
        <Stack gap={2} mb={6}>
          <Text size="xs" c="dimmed">
            Apps download
          </Text>
          <UrlLink url={stableUrl} what={`the stable address of ${what}`} />
          <Text size="xs" c="dimmed">
            This build
          </Text>
        </Stack>
      ) : null}
      <UrlLink url={url} what={what} />
    </Table.Td>
  );
}

export function ShaCell({ sha256, what }: { sha256: string; what: string }) {
  return (
    <Table.Td>
      <Group gap={4} wrap="nowrap">
        <Tooltip label={sha256} maw={300} multiline style={{ overflowWrap: 'anywhere' }}>
          <Text size="xs" ff="monospace" data-sha256={sha256}>
            {sha256.slice(0, SHORT_SHA)}…
          </Text>
        </Tooltip>
        <CopyValue size="sm" value={sha256} label={`Copy SHA-256 of ${what}`} />
      </Group>
    </Table.Td>
  );
}

const chipStyle = {
  border: '1px solid var(--mantine-color-default-border)',
  borderRadius: 4,
  whiteSpace: 'nowrap',
} as const;

/** What a build left out and why, opened from its counts. */
function LeftOutModal({
  buildId,
  language,
  onClose,
}: {
  buildId: number | null;
  language: string;
  onClose: () => void;
}) {
  const leftOut = useLeftOut(buildId);
  return (
    <Modal
      opened={buildId !== null}
      onClose={onClose}
      title={`Left out of this ${language} build`}
      size="lg"
      scrollAreaComponent={ScrollArea.Autosize}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <ListState query={leftOut} isEmpty={false} emptyText="">
        <HiddenItems items={leftOut.data?.hidden ?? []} context={{ language, country: null }} headingOrder={2} />
      </ListState>
    </Modal>
  );
}

/**
 * The counts of published content a build left out for its video, each opening the build's list: what the count
 * means, and whether editors have work to do (no video, a failed one) or only to wait (processing).
 */
const LEFT_OUT_COUNTS: Record<string, { tip: string; warn: boolean }> = {
  content_without_video: {
    tip: 'Published content left out because it has no video in this language: open the list',
    warn: true,
  },
  content_video_processing: {
    tip: 'Published content left out while its video is processing; a build after it is ready lists it: open the list',
    warn: false,
  },
  content_video_failed: {
    tip: 'Published content left out because its video failed to process: open the list',
    warn: true,
  },
};

function Counts({ counts, buildId, language }: { counts: Record<string, number>; buildId?: number; language: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Group gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Counts">
        {countList(counts).map(({ key, label, value }) => {
          const leftOut = value > 0 ? LEFT_OUT_COUNTS[key] : undefined;
          const warn = leftOut?.warn ?? false;
          const text = (
            <>
              {label} <b>{value}</b>
            </>
          );
          return (
            <Tooltip key={key} label={leftOut?.tip} disabled={!leftOut}>
              <Text
                component="li"
                size="xs"
                px={6}
                py={1}
                data-count={key}
                c={warn ? WARNING_TEXT : undefined}
                style={chipStyle}
              >
                {leftOut && buildId !== undefined ? (
                  // Opens the build's whole list of what it left out, with why.
                  <UnstyledButton fz="xs" c="inherit" td="underline" onClick={() => setOpen(true)}>
                    {text}
                  </UnstyledButton>
                ) : (
                  text
                )}
              </Text>
            </Tooltip>
          );
        })}
        {buildId !== undefined ? (
          <Text component="li" size="xs" px={6} py={1} style={chipStyle}>
            <UnstyledButton fz="xs" c={LINK_COLOUR} td="underline" onClick={() => setOpen(true)}>
              Left out…
            </UnstyledButton>
          </Text>
        ) : null}
      </Group>
      {open ? <LeftOutModal buildId={buildId ?? null} language={language} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** Size, SHA-256, created time and counts of a build: the columns every table of builds shares. */
export function BuildDetails({
  build,
  what,
  language,
}: {
  build: CatalogueBuildRecord;
  what: string;
  language: string;
}) {
  return (
    <>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatSize(build.size_bytes)}</Table.Td>
      <ShaCell sha256={build.sha256} what={what} />
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={build.created_at}>{formatTime(build.created_at)}</time>
      </Table.Td>
      <Table.Td>
        <Counts counts={build.counts} buildId={build.id} language={language} />
      </Table.Td>
    </>
  );
}
