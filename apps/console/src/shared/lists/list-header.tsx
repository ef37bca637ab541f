import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Above a screen's list: its search and filters, how many rows show (said to screen readers as it changes; absent
 * until the list has loaded), and the screen's create action at the right.
 */
export function ListHeader({
  children,
  count,
  action,
}: {
  children: ReactNode;
  count: string | null;
  action: ReactNode;
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" align="flex-end">
      {/* Level with the fields' inputs, not with their labels: the count sits 8 px up, the middle of a 36 px input. */}
      <Group gap="sm" wrap="wrap" align="flex-end">
        {children}
        {count !== null ? (
          <Text size="sm" c="dimmed" aria-live="polite" mb={8}>
            {count}
          </Text>
        ) : null}
      </Group>
      {action}
    </Group>
  );
}
