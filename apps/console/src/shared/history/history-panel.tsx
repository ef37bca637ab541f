import type { AuditEntry, AuditItem, RestoredItem } from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { Alert, Badge, Button, Loader, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, send } from '../api/index.ts';
import { confirmAction, DismissibleError } from '../feedback/index.ts';
import { mayRestoreEntry } from './audit.ts';
import { AuditEntryCard, useAuditLog } from './audit-entry.tsx';

/** Entries read at a time; "Load older" reads the next page (the server's `before_id` cursor). */
const PAGE = 50;

/** The kinds an edit modal shows the history of (the audit log's names); brands and content with their parts. */
export type HistoryEntity = AuditItem['entity'];

export const historyKey = (entity: string, id: number) => ['audit', 'history', entity, id] as const;

export interface HistoryPanelProps {
  entity: HistoryEntity;
  id: number;
  /** The item's `updated_at` as the form holds it: a restore of the item itself is refused (409) if it is older. */
  updatedAt?: string;
  /** False for a role that may read the item but not change it: no Restore. */
  mayRestore: boolean;
  /** A restore of the item itself: the form starts again from the version set back. */
  onRestored: (item: RestoredItem) => void;
  /** The form has unsaved typing, which a restore replaces. */
  unsaved: boolean;
}

/**
 * An item's history (its own entries and, for a brand or an episode, its parts'), newest first, in words; each
 * earlier version of something restorable has "Restore this version", which is a save with the same checks.
 */
export function HistoryPanel({ entity, id, updatedAt, mayRestore, onRestored, unsaved }: HistoryPanelProps) {
  const queryClient = useQueryClient();
  const withParts = entity === 'brands' || entity === 'content';
  const {
    log: history,
    entries,
    names,
  } = useAuditLog(historyKey(entity, id), { entity, entity_id: String(id), with_parts: withParts }, PAGE);
  const restore = useMutation({
    mutationFn: (entry: AuditEntry) =>
      send(api.audit.restore, {
        // The item's own version is guarded by the form's `updated_at`; a part's by nothing the form holds.
        body: { id: entry.id, ...(entry.entity === entity && updatedAt ? { updated_at: updatedAt } : {}) },
      }),
  });
  // A refused restore says why until dismissed or restored again.
  const refusal = restore.isError
    ? restore.error instanceof ApiError
      ? restore.error.message
      : 'The version could not be restored.'
    : null;

  // The newest entry of each row is its version now: nothing to restore there.
  const current = new Set<number>();
  const seen = new Set<string>();
  for (const e of entries) {
    const row = `${e.entity}:${e.entity_id}`;
    if (!seen.has(row)) current.add(e.id);
    seen.add(row);
  }

  async function restoreVersion(entry: AuditEntry) {
    const own = entry.entity === entity;
    const ok = await confirmAction({
      title: 'Restore this version?',
      message: `${own ? 'The fields are set back' : 'This part is set back'} to how they were after this change${
        own && unsaved ? '; what you have typed and not saved is replaced' : ''
      }. The restore is itself a new entry in the history.`,
      confirmLabel: 'Restore',
      danger: false,
    });
    if (!ok) return;
    const restored = await restore.mutateAsync(entry).catch(() => null);
    if (!restored) return;
    if (own) onRestored(restored);
    // Lists, language versions and this history all show the version set back.
    await queryClient.invalidateQueries();
  }

  if (history.isPending) return <Loader size="sm" aria-label="Loading history" />;
  if (history.isError) {
    return (
      <Alert color="red" role="alert" title="The history could not be loaded">
        {history.error.message}
      </Alert>
    );
  }
  return (
    <Stack gap="sm" data-testid="history">
      {refusal ? (
        <DismissibleError title="Not restored" onDismiss={restore.reset}>
          {refusal}
        </DismissibleError>
      ) : null}
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          No changes recorded yet.
        </Text>
      ) : (
        <Stack component="ol" gap="xs" m={0} p={0} aria-label="Changes, newest first">
          {entries.map((entry) => {
            const isCurrent = current.has(entry.id) && entry.after !== null;
            const restorable = mayRestore && mayRestoreEntry(entry) && !isCurrent;
            return (
              <AuditEntryCard
                key={entry.id}
                entry={entry}
                names={names}
                badge={
                  isCurrent && mayRestoreEntry(entry) ? (
                    <Badge size="sm" variant="light" color="gray">
                      Current
                    </Badge>
                  ) : null
                }
                action={
                  restorable ? (
                    <Button
                      size="compact-sm"
                      variant="default"
                      leftSection={<IconHistory size={14} aria-hidden />}
                      loading={restore.isPending && restore.variables?.id === entry.id}
                      onClick={() => void restoreVersion(entry)}
                      aria-label={`Restore this version (entry ${entry.id})`}
                    >
                      Restore this version
                    </Button>
                  ) : null
                }
              />
            );
          })}
        </Stack>
      )}
      {history.hasNextPage ? (
        <Button variant="default" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
          Load older changes
        </Button>
      ) : null}
    </Stack>
  );
}
