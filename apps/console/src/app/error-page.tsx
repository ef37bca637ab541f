import { Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * Inside the layout, whose header holds the page's h1, a page's own heading is an h2; `standalone` (a page shown
 * without the layout) makes it the h1.
 */
interface PageProps {
  standalone?: boolean;
}

/** What a crashed route shows instead of a blank page. */
export function ErrorPage({ standalone = false }: PageProps) {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Stack p="md" gap="xs" role="alert">
      <Title order={standalone ? 1 : 2}>Unexpected Application Error!</Title>
      <Text c="red" ff="monospace">
        {message}
      </Text>
    </Stack>
  );
}

/** The layout's header already says "Not found" (the route's title) as the page's h1. */
export function NotFound({ standalone = false }: PageProps) {
  // Inside the layout, the layout names the tab from the route's title.
  useEffect(() => {
    if (standalone) document.title = 'Not found · Kids VOD';
  }, [standalone]);
  return (
    <Stack p="md">
      {standalone ? <Title order={1}>Not found</Title> : null}
      <Text c="dimmed">There is no page at this address.</Text>
    </Stack>
  );
}
