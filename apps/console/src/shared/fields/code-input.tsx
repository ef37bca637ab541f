import { TextInput, type TextInputProps } from '@mantine/core';

const MONOSPACE = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** A code typed or shown as code (a key, a language or promo code, a secret): monospace, never spell-checked. */
export function CodeInput(props: TextInputProps) {
  return <TextInput autoComplete="off" spellCheck={false} styles={MONOSPACE} {...props} />;
}
