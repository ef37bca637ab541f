import { InviteBody, type Role, type User } from '@kids-vod/contract';
import { Stack, TextInput } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { EditorModal, useEditor } from '../../shared/editing/index.ts';
import { useInvite } from './api.ts';
import { RoleField } from './role-field.tsx';

interface InviteValues {
  email: string;
  name: string;
  role: Role;
}

const validate = schemaResolver(InviteBody, { sync: true });

/** Invites a colleague; the one-time link is shown by the screen once this closes. */
export function InviteModal({
  onInvited,
  onClosed,
}: {
  onInvited: (invite: { user: User; invite_url: string; expires_at: string }) => void;
  onClosed: () => void;
}) {
  const invite = useInvite();
  const editor = useEditor<User, InviteValues>({
    initial: null,
    toValues: () => ({ email: '', name: '', role: 'editor' }),
    validate: (values) => validate(values),
    save: async (values) => {
      const answer = await invite.mutateAsync(values);
      onInvited(answer);
      return answer.user;
    },
    taken: 'email',
  });
  const { form } = editor;
  return (
    <EditorModal
      editor={editor}
      what="colleague"
      title="Invite a colleague"
      primary="Invite"
      label="Invite"
      size="md"
      onClosed={onClosed}
    >
      <Stack gap="sm">
        <TextInput
          label="Email"
          type="email"
          required
          data-autofocus
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <TextInput label="Name" required key={form.key('name')} {...form.getInputProps('name')} />
        <RoleField key={form.key('role')} {...form.getInputProps('role')} />
      </Stack>
    </EditorModal>
  );
}
