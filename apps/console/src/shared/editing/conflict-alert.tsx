import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../api/index.ts';

export interface Conflict<T> {
  /** The item as someone else saved it, while the choice is open. */
  stored: T | null;
  /**
   * Given a save's error: a 409 reads the item as stored now (`read`). Only a newer `updated_at` is someone else's
   * save; another 409 (a slug in use, say) leaves it as it is. Resolves true when it was someone else's save.
   */
  check(err: unknown, sent: string, read: () => Promise<T | undefined>): Promise<boolean>;
  clear(): void;
}

export function useConflict<T extends { updated_at: string }>(): Conflict<T> {
  const [stored, setStored] = useState<T | null>(null);
  return {
    stored,
    async check(err, sent, read) {
      if (!(err instanceof ApiError && err.status === 409)) return false;
      // Gone meanwhile, or unreadable: the toast has said why the save failed.
      const item = await read().catch(() => undefined);
      if (!item || item.updated_at === sent) return false;
      setStored(item);
      return true;
    },
    clear: () => setStored(null),
  };
}

/**
 * The way on after someone else saved the item being edited: their version into the form, or this form's text
 * kept and saved over theirs on the next save. Without it the form kept the old `updated_at`, and every save was
 * refused the same way until the modal was closed and what was typed there lost.
 */
export function ConflictAlert<T>({
  conflict,
  what,
  adopt,
  loadTheirs,
}: {
  conflict: Conflict<T>;
  what: string;
  /** Either way the stored version is the one now edited: its `updated_at` guards the next save. */
  adopt: (stored: T) => void;
  /** Load their version: the form starts again from it. */
  loadTheirs: (stored: T) => void;
}) {
  const { stored } = conflict;
  if (!stored) return null;
  const choose = (load: boolean) => () => {
    adopt(stored);
    if (load) loadTheirs(stored);
    conflict.clear();
  };
  return (
    <Alert color="red" role="alert" title={`Someone else saved this ${what} while you were editing it`}>
      <Text size="sm">Load their version to go on from it, or keep yours: saving then replaces theirs.</Text>
      <Group gap="xs" mt="xs">
        <Button size="xs" variant="default" onClick={choose(true)}>
          Load their version
        </Button>
        <Button size="xs" variant="default" onClick={choose(false)}>
          Keep mine
        </Button>
      </Group>
    </Alert>
  );
}
