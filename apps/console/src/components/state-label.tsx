import { Group, Text } from '@mantine/core';
import { IconCircleCheckFilled, IconCircleDashed } from '@tabler/icons-react';

/**
 * A yes/no state in words ("Published" / "Draft"). The text carries the state; the icon's colour only helps the eye
 * (coloured badges fail contrast in light mode).
 */
export function StateLabel({ on, words: [yes, no] }: { on: boolean; words: readonly [string, string] }) {
  return (
    <Group gap={6} wrap="nowrap">
      {on ? (
        <IconCircleCheckFilled size={16} color="var(--mantine-color-green-6)" aria-hidden />
      ) : (
        <IconCircleDashed size={16} color="var(--mantine-color-dimmed)" aria-hidden />
      )}
      <Text size="sm" c={on ? undefined : 'dimmed'}>
        {on ? yes : no}
      </Text>
    </Group>
  );
}

export const PUBLISHED = ['Published', 'Draft'] as const;
export const ACTIVE = ['Active', 'Inactive'] as const;
