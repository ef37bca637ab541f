import { Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** What a crashed route shows instead of a blank page. */
export function ErrorPage() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Stack p="md" gap="xs" role="alert">
      <Title order={2}>Unexpected Application Error!</Title>
      <Text c="red" ff="monospace">
        {message}
      </Text>
    </Stack>
  );
}

export function NotFound() {
  return (
    <Stack p="md">
      <Title order={2}>Not found</Title>
      <Text c="dimmed">There is no page at this address.</Text>
    </Stack>
  );
}
