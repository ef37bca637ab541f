import { Button } from '@mantine/core';
import { confirmAction } from './confirm.tsx';
import { DANGER_TEXT } from './danger-text.ts';

/**
 * A row's "Revoke" (or "Sign out"): asks "<label> <name>?" with what stops working, then `onConfirmed`. For
 * secrets and sessions, which cannot be brought back.
 */
export function RevokeButton({
  name,
  message,
  onConfirmed,
  loading,
  label = 'Revoke',
  accessibleName,
}: {
  name: string;
  message?: string;
  onConfirmed: () => void;
  loading?: boolean;
  label?: string;
  /** Where `label name` does not tell rows apart (two sessions of one browser). */
  accessibleName?: string;
}) {
  return (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      c={DANGER_TEXT}
      aria-label={accessibleName ?? `${label} ${name}`}
      loading={loading}
      onClick={async () => {
        if (await confirmAction({ title: `${label} ${name}?`, message, confirmLabel: label })) onConfirmed();
      }}
    >
      {label}
    </Button>
  );
}
