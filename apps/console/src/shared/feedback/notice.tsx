import { Alert, type AlertProps, type MantineColor } from '@mantine/core';
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

/**
 * An error said where it happened (a refused restore, a failed upload), there until dismissed: read by screen readers
 * as it appears, unlike a toast it does not go by itself.
 */
export function DismissibleError({
  onDismiss,
  closeLabel = 'Dismiss',
  ...props
}: Omit<AlertProps, 'color' | 'role' | 'withCloseButton' | 'onClose' | 'closeButtonLabel'> & {
  onDismiss: () => void;
  /** The close button's accessible name. */
  closeLabel?: string;
}) {
  return (
    <Alert color="red" role="alert" withCloseButton closeButtonLabel={closeLabel} onClose={onDismiss} {...props} />
  );
}
