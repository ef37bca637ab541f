import { Stack, Text, Title } from '@mantine/core';

/** A screen whose content comes with a later issue. */
export function ScreenPlaceholder({ title }: { title: string }) {
  return (
    <Stack>
      <Title order={2}>{title}</Title>
      <Text c="dimmed">This screen is being built.</Text>
    </Stack>
  );
}
