import { ChangePasswordBody, ROLE_DESCRIPTIONS, ROLE_LABELS } from '@kids-vod/contract';
import { Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { errorMessage } from '../../shared/api/index.ts';
import { ApiTokens } from '../../shared/api-tokens/index.ts';
import { CurrentPasswordField, NewPasswordField } from '../../shared/fields/index.ts';
import { useProfile } from '../../shared/session/index.ts';
import { TwoFactorSetup } from '../../shared/two-factor/index.ts';
import { useChangePassword, useUpdateName } from './api.ts';
import { Sessions } from './sessions.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function NameForm({ name }: { name: string }) {
  const update = useUpdateName();
  const form = useForm({
    initialValues: { name },
    validate: { name: (v) => (v.trim() ? null : 'Enter your name') },
  });
  return (
    <form
      noValidate
      aria-label="Your name"
      onSubmit={form.onSubmit(({ name }) =>
        update.mutate(name.trim(), { onSuccess: (u) => form.resetDirty({ name: u.name }) }),
      )}
    >
      <Group align="flex-start" gap="sm">
        <TextInput label="Name" w={320} {...form.getInputProps('name')} />
        <Button type="submit" mt={25} variant="default" loading={update.isPending} disabled={!form.isDirty()}>
          Save name
        </Button>
      </Group>
    </form>
  );
}

const validatePassword = schemaResolver(ChangePasswordBody, { sync: true });

function PasswordForm({ userInputs }: { userInputs: string[] }) {
  const change = useChangePassword();
  const form = useForm({
    initialValues: { current_password: '', new_password: '', end_api_tokens: false },
    validate: validatePassword,
  });
  return (
    <form
      noValidate
      aria-label="Change password"
      onSubmit={form.onSubmit((values) =>
        change.mutate(values, {
          onSuccess: () => form.reset(),
          onError: (err) => form.setFieldError('new_password', errorMessage(err)),
        }),
      )}
    >
      <Stack gap="sm" maw={420}>
        <CurrentPasswordField label="Current password" {...form.getInputProps('current_password')} />
        <NewPasswordField
          label="New password"
          description="At least 10 characters. Your other sessions end when it changes."
          required
          userInputs={userInputs}
          {...form.getInputProps('new_password')}
          value={form.values.new_password}
        />
        <Checkbox
          label="Also end my API tokens"
          description="For a password that may have leaked: scripts using your tokens stop working, for good."
          {...form.getInputProps('end_api_tokens', { type: 'checkbox' })}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The signed-in user's own account: name, password, sessions, two-factor sign-in and personal API tokens. */
export function Component() {
  const profile = useProfile().data;
  if (!profile) return null;
  return (
    <Stack gap="md" maw={960}>
      <Section title="Profile">
        <Text size="sm">
          {profile.email} · Role: {ROLE_LABELS[profile.role]} ({ROLE_DESCRIPTIONS[profile.role]})
        </Text>
        <NameForm name={profile.name} />
      </Section>
      <Section title="Password">
        <PasswordForm userInputs={[profile.email, profile.name]} />
      </Section>
      <Section title="Sessions">
        <Sessions />
      </Section>
      <Section title="Two-factor sign-in">
        <TwoFactorSetup />
      </Section>
      <Section title="API tokens">
        <Text size="sm" c="dimmed">
          For scripts that call the API: a token acts with your role until it expires or is revoked, and ends for good
          when an admin resets your password or deactivates your account. A token cannot change how you sign in.
        </Text>
        <ApiTokens scope="own" />
      </Section>
    </Stack>
  );
}
