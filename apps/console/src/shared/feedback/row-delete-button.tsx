import { Button } from '@mantine/core';
import { type Icon, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DANGER_TEXT } from './danger-text.ts';

/**
 * A row's Delete ("Delete", "Delete for good"): quiet and red beside the row's other actions, and named after the
 * row's item, since every row has one.
 */
export function RowDeleteButton({
  icon: DeleteIcon = IconTrash,
  children,
  ...props
}: {
  icon?: Icon;
  'aria-label': string;
  loading?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      color="red"
      c={DANGER_TEXT}
      leftSection={<DeleteIcon size={14} aria-hidden />}
      {...props}
    >
      {children}
    </Button>
  );
}
