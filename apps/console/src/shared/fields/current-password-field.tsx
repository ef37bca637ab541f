import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * The password the person has now (signing in, changing it, turning two-factor off): required, and marked for the
 * browser's password manager to fill in, as NewPasswordField is marked for it to offer a new one.
 */
export function CurrentPasswordField(props: PasswordInputProps & { label: string }) {
  return <PasswordInput autoComplete="current-password" required {...props} />;
}
