import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap, unwrapPage } from '#web/lib/api.ts';

export const linesPageSize = 50;

/** An import and its progress: asked again every second until it is done. */
export const shelfImportQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['shelf-imports', id],
    queryFn: () => unwrap(api.shelf.imports[':id'].$get({ param: { id } })),
    refetchInterval: (query) => (query.state.data?.state === 'done' ? false : 1000),
    retry: false,
  });

export const useShelfImport = (id: string) => useQuery(shelfImportQueryOptions(id));

/** A page of an import's lines with what became of each; `problems` only those that made no draft. */
export const useShelfImportLines = (id: string, page: number, problems: boolean, enabled: boolean) =>
  useQuery({
    queryKey: ['shelf-imports', id, 'lines', problems, page],
    queryFn: () =>
      unwrapPage(
        api.shelf.imports[':id'].lines.$get({
          param: { id },
          query: { page: String(page), limit: String(linesPageSize), ...(problems && { problems: 'true' as const }) },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
