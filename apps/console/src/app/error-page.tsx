import { Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { usePageTitle } from '../shared/screen/index.ts';

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

/** The layout's header already says "Not found" (the route's title) as the page's h1, and names the tab. */
export function NotFound({ standalone = false }: PageProps) {
  return (
    <Stack p="md">
      {standalone ? <StandaloneNotFound /> : null}
      <Text c="dimmed">There is no page at this address.</Text>
    </Stack>
  );
}

/** Outside the layout, the page says what the header would have said, as its h1 and in the tab. */
function StandaloneNotFound() {
  usePageTitle('Not found');
  return <Title order={1}>Not found</Title>;
}
