import type { CatalogBuild } from '@kids-vod/contract';
import { Anchor, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { CopyValue } from '../../components/copy-value.tsx';
import { LINK_COLOUR } from '../../components/list-table.tsx';
import { absoluteUrl, countList, formatSize, formatTime, WARNING_TEXT } from './format.ts';

/** How much of the SHA-256 the table shows; the whole of it is on hover and copied. */
const SHORT_SHA = 12;

/** The URL as a link that opens in a new tab, and a button that copies it. */
export function UrlCell({ url, what }: { url: string; what: string }) {
  const href = absoluteUrl(url);
  return (
    <Table.Td>
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

function Counts({ counts }: { counts: Record<string, number> }) {
  return (
    <Group gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Counts">
      {countList(counts).map(({ key, label, value }) => {
        const warn = key === 'content_without_video' && value > 0;
        return (
          <Tooltip
            key={key}
            label="Published content left out because it has no video in this language"
            disabled={!warn}
          >
            <Text
              component="li"
              size="xs"
              px={6}
              py={1}
              data-count={key}
              c={warn ? WARNING_TEXT : undefined}
              style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4, whiteSpace: 'nowrap' }}
            >
              {label} <b>{value}</b>
            </Text>
          </Tooltip>
        );
      })}
    </Group>
  );
}

/** Size, SHA-256, created time and counts of a build: the columns every table of builds shares. */
export function BuildDetails({ build, what }: { build: CatalogBuild; what: string }) {
  return (
    <>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatSize(build.size_bytes)}</Table.Td>
      <ShaCell sha256={build.sha256} what={what} />
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={build.created_at}>{formatTime(build.created_at)}</time>
      </Table.Td>
      <Table.Td>
        <Counts counts={build.counts} />
      </Table.Td>
    </>
  );
}
