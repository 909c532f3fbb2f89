import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, getPage } from '#web/lib/api.ts';

export const reportedPageSize = 20;

export const getReportedItems = (page: number) => getPage(api.reportItems.$get, page, reportedPageSize);

export const reportedItemsQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['reportItems', page], queryFn: () => getReportedItems(page) });

export const useReportedItems = (page: number) => useQuery(reportedItemsQueryOptions(page));
