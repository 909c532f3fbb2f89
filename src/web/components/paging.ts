import { useState } from 'react';
import { usePageParam } from './page-controls.tsx';

/** Which page of a list is shown, how many items a page holds, and the way to another page (PagedList's props). */
export interface Paging {
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}

/** The paging of a page's list, kept in the address (?page=N) so Back and shared links keep it. */
export function usePaging(pageSize: number): Paging {
  const [page, onPage] = usePageParam();
  return { page, pageSize, onPage };
}

/** The paging of a second list on a page, which the address does not keep. */
export function useLocalPaging(pageSize: number): Paging {
  const [page, onPage] = useState(1);
  return { page, pageSize, onPage };
}
