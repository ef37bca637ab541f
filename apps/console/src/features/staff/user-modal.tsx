import { type Role, type User, UserUpdateBody } from '@kids-vod/contract';
import { Button, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { usersQuery } from '../../shared/api/index.ts';
import { EditorModal, useEditor } from '../../shared/editing/index.ts';
import { confirmAction, DANGER_TEXT } from '../../shared/feedback/index.ts';
import { ACTIVE, StateLabel } from '../../shared/lists/index.ts';
import { useProfile } from '../../shared/session/index.ts';
import { useResetPassword, useUpdateUser } from './api.ts';
import { RoleField } from './role-field.tsx';

interface UserValues {
  name: string;
  role: Role;
}

const validate = schemaResolver(UserUpdateBody, { sync: true });

/** Deactivating (sessions and API tokens end at once) and reactivating, and a password reset that gives a new link. */
function AccountActions({
  user,
  onChanged,
  onResetLink,
}: {
  user: User;
  onChanged: (user: User) => void;
  onResetLink: (link: { user: User; invite_url: string; expires_at: string }) => void;
}) {
  const me = useProfile().data;
  const setActive = useUpdateUser(user.is_active ? 'Account deactivated' : 'Account reactivated');
  const reset = useResetPassword();
  const self = me?.id === user.id;

  async function toggleActive() {
    const sure = await confirmAction(
      user.is_active
        ? {
            title: `Deactivate ${user.name}?`,
            message: `${user.email} is signed out everywhere at once and cannot sign in until reactivated. Their API tokens end for good.`,
            confirmLabel: 'Deactivate',
          }
        : { title: `Reactivate ${user.name}?`, confirmLabel: 'Reactivate', danger: false },
    );
    if (sure) {
      setActive.mutate(
        { id: user.id, is_active: !user.is_active, updated_at: user.updated_at },
        { onSuccess: onChanged },
      );
    }
  }
  async function resetPassword() {
    const sure = await confirmAction({
      title: `Reset the password of ${user.name}?`,
      message:
        'The old password, every session and every API token stop working; a new link (valid 72 hours) lets them choose a password.',
      confirmLabel: 'Reset password',
    });
    if (sure) reset.mutate(user, { onSuccess: (answer) => onResetLink({ user, ...answer }) });
  }

  return (
    <Stack gap="sm" mt="md">
      <Divider label="Account" labelPosition="left" />
      <Group gap="sm" justify="space-between">
        <StateLabel on={user.is_active} words={ACTIVE} />
        <Group gap="sm">
          <Button variant="default" onClick={resetPassword} loading={reset.isPending}>
            Reset password
          </Button>
          <Button
            variant="default"
            c={user.is_active ? DANGER_TEXT : undefined}
            onClick={toggleActive}
            loading={setActive.isPending}
            disabled={self && user.is_active}
            title={self && user.is_active ? 'You cannot deactivate your own account' : undefined}
          >
            {user.is_active ? 'Deactivate' : 'Reactivate'}
          </Button>
        </Group>
      </Group>
      {self ? (
        <Text size="xs" c="dimmed">
          This is your own account: your password, sessions and two-factor are on Your account.
        </Text>
      ) : null}
    </Stack>
  );
}

/** A staff account: its name and role (one save), and the account actions beside the form. */
export function UserModal({
  initial,
  onClosed,
  onResetLink,
}: {
  initial: User;
  onClosed: () => void;
  onResetLink: (link: { user: User; invite_url: string; expires_at: string }) => void;
}) {
  const queryClient = useQueryClient();
  const update = useUpdateUser();
  const editor = useEditor<User, UserValues>({
    initial,
    toValues: (u) => ({ name: u?.name ?? '', role: u?.role ?? 'editor' }),
    validate: (values, u) => validate({ ...values, id: u?.id ?? 0 }),
    save: (values, u) => update.mutateAsync({ ...values, id: u!.id, updated_at: u!.updated_at }),
    reread: async (u) => (await queryClient.fetchQuery({ ...usersQuery, staleTime: 0 })).find((row) => row.id === u.id),
  });
  const { form, item } = editor;
  return (
    <EditorModal
      editor={editor}
      what="account"
      title={item ? `${item.name} · ${item.email}` : undefined}
      size="md"
      onClosed={onClosed}
      after={item ? <AccountActions user={item} onChanged={editor.adopt} onResetLink={onResetLink} /> : null}
    >
      <Stack gap="sm">
        <TextInput label="Name" required data-autofocus key={form.key('name')} {...form.getInputProps('name')} />
        <RoleField key={form.key('role')} {...form.getInputProps('role')} />
      </Stack>
    </EditorModal>
  );
}
