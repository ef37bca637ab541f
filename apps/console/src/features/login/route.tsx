import { LoginBody } from '@kids-vod/contract';
import { Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_SCREEN } from '../../app/screens.tsx';
import { useLogin, useProfile } from '../../lib/session.ts';

/** Only pages of this console are places to come back to after signing in. */
function safeReturnPath(from: string | null): string {
  return from?.startsWith('/admin') ? from : DEFAULT_SCREEN;
}

export function Component() {
  const [params] = useSearchParams();
  const target = safeReturnPath(params.get('from'));
  const profile = useProfile();
  const login = useLogin();
  const navigate = useNavigate();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(LoginBody, { sync: true }),
  });

  useEffect(() => {
    document.title = 'Sign in · Kids VOD';
  }, []);

  if (profile.data) return <Navigate to={target} replace />;

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="md" p="xl" w={380} component="main">
        <form
          onSubmit={form.onSubmit((values) =>
            login.mutate(values, { onSuccess: () => navigate(target, { replace: true }) }),
          )}
          noValidate
        >
          <Stack>
            <Title order={1} size="h3">
              Kids VOD
            </Title>
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              required
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <Button type="submit" loading={login.isPending} fullWidth>
              Sign in
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
