import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { errorMessage } from '../shared/api/index.ts';
import { lazyComponent } from '../shared/screen/index.ts';
import { useProfile } from '../shared/session/index.ts';

const TwoFactorRequired = lazyComponent(() => import('./two-factor-required.tsx').then((m) => m.TwoFactorRequired));

function PageLoader() {
  return (
    <Center h="100vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}

/** Every /admin page needs a profile; without one, sign in and come back to the page asked for. */
export function RequireProfile({ children }: { children: ReactNode }) {
  const profile = useProfile();
  const location = useLocation();
  if (profile.isPending) return <PageLoader />;
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
  if (profile.data.totp_setup_required) {
    return (
      <Suspense fallback={<PageLoader />}>
        <TwoFactorRequired />
      </Suspense>
    );
  }
  return children;
}
