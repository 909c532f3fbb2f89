import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, getPage } from '#web/lib/api.ts';

export const reportedMessagesPageSize = 10;

export const getReportedMessages = (page: number) => getPage(api.reportedMessages.$get, page, reportedMessagesPageSize);

export const reportedMessagesQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['reportedMessages', page], queryFn: () => getReportedMessages(page) });

export const useReportedMessages = (page: number) => useQuery(reportedMessagesQueryOptions(page));
