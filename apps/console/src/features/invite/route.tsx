import { NewPassword } from '@kids-vod/contract';
import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../shared/api/index.ts';
import { NewPasswordField } from '../../shared/fields/index.ts';
import { usePageTitle } from '../../shared/screen/index.ts';
import { useAcceptInvite } from '../../shared/session/index.ts';

/**
 * The link of an invite or a password reset (`/admin/invite/<token>`, valid 72 hours, once): choose a password, and
 * the console opens signed in. Outside the signed-in layout, like the sign-in page.
 */
export function Component() {
  const { token = '' } = useParams();
  const accept = useAcceptInvite();
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { password: '', repeat: '' },
    validate: {
      password: (v) => NewPassword.safeParse(v).error?.issues[0]?.message ?? null,
      repeat: (v, values) => (v === values.password ? null : 'The two passwords differ'),
    },
  });

  usePageTitle('Choose your password');

  // An unknown, used or expired link: 400 (api.md). Other refusals (a weak password) go under the field.
  const linkDead = accept.error instanceof ApiError && accept.error.status === 400 && !accept.error.errors.length;
  const refusal = accept.error && !linkDead ? errorMessage(accept.error) : null;

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="md" p="xl" w={420} component="main">
        <form
          noValidate
          onSubmit={form.onSubmit(({ password }) =>
            accept.mutate({ token, password }, { onSuccess: () => navigate('/admin', { replace: true }) }),
          )}
        >
          <Stack>
            <Title order={1} size="h3">
              Kids VOD
            </Title>
            <Text size="sm">Choose the password for your account. You will be signed in at once.</Text>
            {linkDead ? (
              <Alert color="red" variant="light" title="This link no longer works" role="alert">
                {errorMessage(accept.error)} Ask an admin for a new link, or{' '}
                <Anchor component={Link} to="/login" inherit>
                  sign in
                </Anchor>{' '}
                if you have a password.
              </Alert>
            ) : null}
            <NewPasswordField
              label="New password"
              description="At least 10 characters; a few unrelated words are easy to remember and hard to guess"
              required
              data-autofocus
              {...form.getInputProps('password')}
              error={form.errors.password ?? refusal}
              value={form.values.password}
            />
            <PasswordInput
              label="Repeat the password"
              autoComplete="new-password"
              required
              {...form.getInputProps('repeat')}
            />
            <Button type="submit" loading={accept.isPending} fullWidth>
              Set password and sign in
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
