import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

/** The create action of a screen ("New brand"): in its header, and again in its empty list. */
export function NewButton({ what, onClick, disabled }: { what: string; onClick: () => void; disabled?: boolean }) {
  return (
    <Button leftSection={<IconPlus size={16} />} onClick={onClick} disabled={disabled}>
      New {what}
    </Button>
  );
}
