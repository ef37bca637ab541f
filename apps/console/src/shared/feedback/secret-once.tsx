import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { CodeInput } from '../fields/index.ts';
import { CopyTextButton } from './copy-value.tsx';

/**
 * A secret (an invite link, an API token, an ingest key) shown once: stored hashed, it cannot be shown again, so it
 * is copied now. `note` says for how long or what it is for.
 */
export function SecretOnce({
  label,
  value,
  note,
  onDone,
}: {
  label: string;
  value: string;
  note: ReactNode;
  onDone?: () => void;
}) {
  const name = label[0]!.toUpperCase() + label.slice(1);
  return (
    <Alert
      variant="light"
      color="teal"
      icon={<IconKey size={18} aria-hidden />}
      title={`${name}: copy it now`}
      // Mantine's teal title is below 4.5:1 on its light background in light mode.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap="xs">
        <Text size="sm">{note}</Text>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <CodeInput
            label={name}
            value={value}
            readOnly
            flex={1}
            onFocus={(e) => e.currentTarget.select()}
            data-testid="secret-value"
          />
          <CopyTextButton value={value} label="Copy" timeout={2000} />
        </Group>
        {onDone ? (
          <Group justify="flex-end">
            <Button variant="light" onClick={onDone}>
              Done
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}

/**
 * Names a new secret (an API token, an ingest key), creates it with `create`, and shows it once. `children`: more
 * fields of the form (how long a token lasts).
 */
export function NewSecretForm({
  what,
  nameLabel,
  placeholder,
  emptyError,
  note,
  pending,
  create,
  children,
}: {
  /** "API token": gives "New API token", "Create API token". */
  what: string;
  nameLabel: string;
  placeholder: string;
  emptyError: string;
  note: string;
  pending: boolean;
  /** Creates it; resolves with the secret. */
  create: (name: string) => Promise<string>;
  children?: ReactNode;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  if (secret) return <SecretOnce label={what} value={secret} note={note} onDone={() => setSecret(null)} />;
  return (
    <form
      noValidate
      aria-label={`New ${what}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!name.trim()) return setError(emptyError);
        setError(null);
        create(name.trim()).then(
          (created) => {
            setSecret(created);
            setName('');
          },
          () => undefined,
        );
      }}
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={nameLabel}
          placeholder={placeholder}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          w={280}
        />
        {children}
        <Button type="submit" mt={25} loading={pending}>
          Create {what}
        </Button>
      </Group>
    </form>
  );
}
