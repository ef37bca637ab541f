import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconUserCircle } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

/** The header's profile button: the profile menu's target, and what stands in its place while the menu loads. */
export function ProfileButton({ email, ...props }: { email: string } & ComponentPropsWithRef<'button'>) {
  return (
    <UnstyledButton aria-label={`Profile menu of ${email}`} data-testid="profile-button" {...props}>
      <Group gap={6} wrap="nowrap">
        <IconUserCircle size={20} />
        <Text size="sm" visibleFrom="sm" truncate maw={220}>
          {email}
        </Text>
        <IconChevronDown size={14} />
      </Group>
    </UnstyledButton>
  );
}
