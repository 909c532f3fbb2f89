import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue } from 'react';
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
  // A query's answer reaches React as an update it draws at once, in one task: a page of books held a phone's main
  // thread for 140 ms. Deferred, the answer is drawn as a transition, a few milliseconds at a time.
  const status = useDeferredValue(query.status);
  const data = useDeferredValue(query.data) as T;
  if (status === 'pending') return <Spinner />;
  if (status === 'error') return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (isEmpty?.(data)) return <EmptyState>{empty}</EmptyState>;
  return <>{children(data)}</>;
}
