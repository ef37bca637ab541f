import { PasswordInput, type PasswordInputProps, Progress, Stack, Text } from '@mantine/core';
import { useStrengthHint } from './password-strength.ts';

/**
 * A new password with its strength hint (zxcvbn-ts, loaded when the field first shows): at least 10 characters,
 * and not one of the commonly breached ones (the server checks that too).
 */
export function NewPasswordField({
  value,
  userInputs,
  ...props
}: PasswordInputProps & { value: string; userInputs?: string[] }) {
  const hint = useStrengthHint(value, userInputs);
  return (
    <Stack gap={4}>
      <PasswordInput autoComplete="new-password" value={value} {...props} />
      {hint ? (
        <Stack gap={2} data-testid="password-strength">
          <Progress
            value={(hint.score + 1) * 20}
            color={hint.color}
            size="sm"
            aria-label={`Password strength: ${hint.label}`}
          />
          <Text size="xs" c="dimmed" aria-live="polite">
            Strength: {hint.label}
            {hint.warning ? ` · ${hint.warning}` : ''}
          </Text>
        </Stack>
      ) : null}
    </Stack>
  );
}
