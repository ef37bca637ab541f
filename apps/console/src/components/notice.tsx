import { Alert, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

/** A short notice at the top of a form or section: why it is read-only, that typing was restored. */
export function Notice({
  color,
  icon,
  title,
  testId,
  children,
}: {
  color: MantineColor;
  icon: ReactNode;
  title?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Alert variant="light" color={color} icon={icon} title={title} p="xs" mb="md" data-testid={testId}>
      {children}
    </Alert>
  );
}
