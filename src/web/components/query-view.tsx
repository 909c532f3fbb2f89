import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Spinner } from './spinner.tsx';
import { EmptyState, ErrorState } from './states.tsx';

interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/** The one way a page shows fetched data: a spinner, then an error, an empty note, or the data. */
export function QueryView<T>({ query, isEmpty, empty, children }: QueryViewProps<T>) {
  if (query.isPending) return <Spinner />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (isEmpty?.(query.data)) return <EmptyState>{empty}</EmptyState>;
  return <>{children(query.data)}</>;
}
