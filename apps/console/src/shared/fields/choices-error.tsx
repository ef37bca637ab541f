import { Anchor } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * The error of a field whose choices come from a query (languages, countries, files): what failed and Retry, under
 * the field, as a list says it (ListState). Undefined while the choices load or have loaded.
 */
export function choicesError(
  query: Pick<UseQueryResult, 'isError' | 'refetch' | 'isFetching'>,
  what: string,
): ReactNode | undefined {
  if (!query.isError) return undefined;
  return (
    <>
      Could not load {what}.{' '}
      <Anchor
        component="button"
        type="button"
        inherit
        c="inherit"
        underline="always"
        disabled={query.isFetching}
        onClick={() => query.refetch()}
      >
        Retry
      </Anchor>
    </>
  );
}
