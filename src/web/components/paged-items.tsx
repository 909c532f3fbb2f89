import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { PagedList } from './paged-list.tsx';
import type { Paging } from './paging.ts';

/** A PagedList drawn as a list: each item by `children` (its `<li>`), under the key `keyOf` gives it. */
export function PagedItems<T>({
  query,
  empty,
  keyOf,
  className = 'space-y-3',
  children,
  ...paging
}: Paging & {
  query: UseQueryResult<{ items: T[]; total: number }>;
  empty: ReactNode;
  keyOf: (item: T) => string;
  /** The list's own classes (its spacing). */
  className?: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <PagedList query={query} {...paging} empty={empty}>
      {(items) => (
        <ul className={className}>
          {items.map((item) => (
            <Fragment key={keyOf(item)}>{children(item)}</Fragment>
          ))}
        </ul>
      )}
    </PagedList>
  );
}
