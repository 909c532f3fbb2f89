import { QueryClient } from '@tanstack/react-query';

// TanStack Query's default cache time is the specification's five minutes; keep it.
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
