import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageControls } from './page-controls.tsx';
import { QueryView } from './query-view.tsx';

/** A list fetched a page at a time: `empty` when it has nothing at all, else this page's items and the page controls. */
export function PagedList<T>({
  query,
  page,
  pageSize,
  onPage,
  empty,
  children,
}: {
  query: UseQueryResult<{ items: T[]; total: number }>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <QueryView query={query} isEmpty={(found) => found.total === 0} empty={empty}>
      {({ items, total }) => (
        <>
          {children(items)}
          <PageControls page={page} pageSize={pageSize} total={total} onPage={onPage} />
        </>
      )}
    </QueryView>
  );
}
