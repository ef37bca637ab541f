import type { Permission } from '@kids-vod/contract/client';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMay } from '../session/index.ts';

/**
 * The create action of a screen ("New brand"): in its header, and again in its empty list. Not there for a role
 * without `permission` (the add call's, from CALL_PERMISSIONS).
 */
export function NewButton({
  what,
  onClick,
  disabled,
  permission,
}: {
  what: string;
  onClick: () => void;
  disabled?: boolean;
  permission: Permission;
}) {
  const allowed = useMay(permission);
  if (!allowed) return null;
  return (
    // Marked: where the keyboard goes after the item it opened was deleted (shared/bin/move-to-bin.tsx).
    <Button leftSection={<IconPlus size={16} />} onClick={onClick} disabled={disabled} data-new-button>
      New {what}
    </Button>
  );
}
