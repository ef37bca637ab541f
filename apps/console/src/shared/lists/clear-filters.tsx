import { Button } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';

/** After a list's filters, once one is set: takes them all away at once. */
export function ClearFilters({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  if (!filtered) return null;
  return (
    <Button variant="subtle" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={onClear}>
      Clear filters
    </Button>
  );
}
