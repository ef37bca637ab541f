import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../shared/screen/index.ts';
import { useLogout } from '../shared/session/index.ts';
import { TwoFactorSetup } from '../shared/two-factor/index.ts';

/**
 * An admin requires two-factor sign-in for everyone and this account has not set it up: every page of the console
 * leads here until it has (the server refuses the rest meanwhile). Done, the page asked for shows.
 */
export function TwoFactorRequired() {
  const logout = useLogout();
  const navigate = useNavigate();
  usePageTitle('Set up two-factor sign-in');
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="md" p="xl" w={640} maw="100%" component="main">
        <Stack gap="md">
          <Title order={1} size="h3">
            Set up two-factor sign-in
          </Title>
          <Text size="sm">
            Two-factor sign-in is required for every account of this console. Set it up to go on; it takes a minute.
          </Text>
          <TwoFactorSetup />
          <Text size="sm" c="dimmed">
            Not now?{' '}
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) })}
            >
              Logout
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
