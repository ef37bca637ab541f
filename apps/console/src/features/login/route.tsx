import { LoginBody } from '@kids-vod/contract';
import { Anchor, Button, Center, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_SCREEN, screens } from '../../app/screens.tsx';
import { errorMessage } from '../../shared/api/index.ts';
import { CurrentPasswordField } from '../../shared/fields/index.ts';
import { usePageTitle } from '../../shared/screen/index.ts';
import { needsTotpCode, useLogin, useProfile } from '../../shared/session/index.ts';

/** Only pages of this console are places to come back to after signing in. */
function safeReturnPath(from: string | null): string {
  return from?.startsWith('/admin') ? from : DEFAULT_SCREEN;
}

const validate = schemaResolver(LoginBody, { sync: true });

export function Component() {
  const [params] = useSearchParams();
  const target = safeReturnPath(params.get('from'));
  const profile = useProfile();
  const login = useLogin();
  const navigate = useNavigate();
  // Two-factor on: the right password is kept while the code is asked for.
  const [askCode, setAskCode] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '', code: '' },
    validate: (values) => validate(askCode ? values : { email: values.email, password: values.password }),
  });

  usePageTitle('Sign in');
  // The screen signed in to is fetched while the form is filled in, not after the click (issue 36).
  useEffect(() => {
    void screens.find((s) => target.startsWith(`/admin/${s.path}`))?.load();
  }, [target]);

  const submit = form.onSubmit(({ code, ...credentials }) =>
    login.mutate(askCode ? { ...credentials, code } : credentials, {
      onSuccess: () => navigate(target, { replace: true }),
      onError: (err) => {
        if (needsTotpCode(err) && !askCode) {
          setAskCode(true);
          return;
        }
        notifications.show({ color: 'red', title: 'Error', message: errorMessage(err) });
      },
    }),
  );

  // Signed in: the form stays, its button busy, until the screen is there. Rendering nothing here instead left the
  // page blank while the router fetched the screen (issue 36: 1–3 s of blank page after signing in).
  const signedIn = Boolean(profile.data);
  return (
    <Center mih="100vh" p="md">
      {signedIn ? <Navigate to={target} replace /> : null}
      <Paper withBorder shadow="md" p="xl" w={380} component="main">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={1} size="h3">
              Kids VOD
            </Title>
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              required
              readOnly={askCode}
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <CurrentPasswordField
              label="Password"
              readOnly={askCode}
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            {askCode ? (
              <>
                <TextInput
                  label="Two-factor code"
                  description="The 6-digit code from your authenticator app, or one of your recovery codes"
                  autoComplete="one-time-code"
                  inputMode="text"
                  spellCheck={false}
                  required
                  data-autofocus
                  autoFocus
                  key={form.key('code')}
                  {...form.getInputProps('code')}
                />
                <Text size="sm" c="dimmed">
                  Two-factor sign-in is on for this account.{' '}
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    onClick={() => {
                      setAskCode(false);
                      form.setFieldValue('code', '');
                    }}
                  >
                    Use another account
                  </Anchor>
                </Text>
              </>
            ) : null}
            <Button type="submit" loading={login.isPending || signedIn} fullWidth>
              Sign in
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
