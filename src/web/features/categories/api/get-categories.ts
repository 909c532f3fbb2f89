import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#web/lib/api.ts';

export const getCategories = () => unwrap(api.booksCategory.$get());

export const categoriesQueryOptions = () => queryOptions({ queryKey: ['categories'], queryFn: getCategories });

export const useCategories = () => useQuery(categoriesQueryOptions());
