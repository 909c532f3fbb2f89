import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api.ts';

export function useCategories() {
  return useQuery({ queryKey: ['categories'], queryFn: () => unwrap(api.booksCategory.$get()) });
}
