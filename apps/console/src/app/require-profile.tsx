import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { errorMessage } from '../lib/query-client.ts';
import { useProfile } from '../lib/session.ts';

/** Every /admin page needs a profile; without one, sign in and come back to the page asked for. */
export function RequireProfile({ children }: { children: ReactNode }) {
  const profile = useProfile();
  const location = useLocation();
  if (profile.isPending) {
    return (
      <Center h="100vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (profile.isError) {
    return (
      <Center h="100vh">
        <Stack align="center">
          <Text>{errorMessage(profile.error)}</Text>
          <Button onClick={() => profile.refetch()}>Retry</Button>
        </Stack>
      </Center>
    );
  }
  if (!profile.data) {
    const from = location.pathname + location.search;
    return <Navigate to={`/login?from=${encodeURIComponent(from)}`} replace />;
  }
  return children;
}
