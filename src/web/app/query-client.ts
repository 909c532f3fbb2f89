import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '#web/lib/api.ts';

// TanStack Query's default cache time is the specification's five minutes; keep it. A read that failed is tried
// once more, unless the server said 429 Too Many Requests: asking again at once only adds to the count. The page
// shows the server's message (which says how long to wait), with a button to try again.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status === 429),
      refetchOnWindowFocus: false,
    },
  },
});
