import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/query-client.ts';

/** A list that failed to load says so inline with Retry (never a toast); an empty one offers its create action. */
export function ListState({
  query,
  isEmpty,
  emptyText,
  createAction,
  children,
}: {
  query: Pick<UseQueryResult, 'isError' | 'error' | 'refetch' | 'isFetching' | 'isPending'>;
  isEmpty: boolean;
  emptyText: string;
  createAction?: ReactNode;
  children: ReactNode;
}) {
  if (query.isError) {
    return (
      <Alert color="red" title="Could not load" role="alert">
        <Group justify="space-between">
          <Text size="sm">{errorMessage(query.error)}</Text>
          <Button size="xs" variant="light" color="red" loading={query.isFetching} onClick={() => query.refetch()}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  }
  if (!query.isPending && isEmpty) {
    return (
      <Stack align="center" py="xl" gap="sm">
        <Text c="dimmed">{emptyText}</Text>
        {createAction}
      </Stack>
    );
  }
  return children;
}
