import type { AuditEntry } from '@kids-vod/contract';
import { type AuditNames, entryWords, type FieldChange, kindWords } from '@kids-vod/contract/audit-words';
import { api } from '@kids-vod/contract/client';
import { Anchor, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { send, useBrandNames, useCountries, useLanguages } from '../api/index.ts';
import { formatMoment } from '../time/index.ts';
import { type AuditFilter, auditItemAddress, auditNames } from './audit.ts';

/**
 * A read of the audit log (an item's history, the Activity screen): newest first, `limit` entries a page, "Load older"
 * reading the next (the server's `before_id` cursor), read again each time it is shown. Its entries come in one
 * list, with the names their words need (shared/history/audit.ts): the languages, brands and countries every screen reads anyway.
 */
export function useAuditLog(queryKey: QueryKey, filter: AuditFilter, limit: number) {
  const log = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) =>
      send(api.audit.list, { body: { ...filter, limit, ...(pageParam ? { before_id: pageParam } : {}) } }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next_before_id ?? undefined,
    staleTime: 0,
  });
  const languages = useLanguages();
  const brands = useBrandNames();
  const countries = useCountries();
  const entries = useMemo(() => log.data?.pages.flatMap((p) => p.items) ?? [], [log.data]);
  const names: AuditNames = useMemo(
    () => auditNames({ languages: languages.data, brands: brands.data, countries: countries.data, entries }),
    [languages.data, brands.data, countries.data, entries],
  );
  return { log, entries, names };
}

/** One field's change: the label, the old value struck through, an arrow, the new value (creation: new only). */
function Change({ change }: { change: FieldChange }) {
  return (
    <Text component="li" size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={600} size="sm">
        {change.label}:
      </Text>{' '}
      {change.from !== '' ? (
        <>
          <Text span size="sm" c="dimmed" td={change.to === '' ? undefined : 'line-through'}>
            <Box component="span" style={visuallyHidden}>
              from{' '}
            </Box>
            {change.from}
          </Text>
          {change.to !== '' ? ' → ' : ' (removed)'}
        </>
      ) : null}
      {change.to !== '' ? (
        <Text span size="sm">
          {change.from !== '' ? (
            <Box component="span" style={visuallyHidden}>
              to{' '}
            </Box>
          ) : null}
          {change.to}
        </Text>
      ) : null}
    </Text>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * One audit entry as a reader reads it, the same in an item's History and on the Activity screen: what happened to
 * which part, who and when, and each changed field (old → new). `showItem` adds the item's kind, id and a link
 * that opens it (Activity); `action` is the entry's button (Restore this version).
 */
export function AuditEntryCard({
  entry,
  names,
  showItem = false,
  action,
  badge,
}: {
  entry: AuditEntry;
  names: AuditNames;
  showItem?: boolean;
  action?: ReactNode;
  badge?: ReactNode;
}) {
  const words = entryWords(entry, names);
  const address = showItem ? auditItemAddress(entry.item) : null;
  // On Activity the row's id tells two items of a kind apart (the item filter takes it).
  const which = [showItem ? `${words.kind} #${entry.entity_id}` : words.kind, words.subject]
    .filter(Boolean)
    .join(' · ');
  return (
    <Paper component="li" withBorder p="sm" data-testid="audit-entry" style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600} size="sm">
              {words.what}
            </Text>
            <Text size="sm" c="dimmed">
              {which}
            </Text>
            {badge}
          </Group>
          <Text size="xs" c="dimmed">
            {formatMoment(entry.at)} · {entry.user_email ?? 'System (first start, demo data or a script)'}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {address && entry.item ? (
            <Anchor component={Link} to={address} size="sm">
              Open {kindWords(entry.item.entity).toLowerCase()}
              <Box component="span" style={visuallyHidden}>
                {' '}
                {entry.item.id}, entry {entry.id}
              </Box>
            </Anchor>
          ) : null}
          {action}
        </Group>
      </Group>
      {words.changes.length ? (
        <Box component="ul" m={0} mt={6} pl="md">
          {words.changes.map((c) => (
            <Change key={c.field} change={c} />
          ))}
        </Box>
      ) : null}
    </Paper>
  );
}
