import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';

// Toasts only follow an action, so their code need not arrive before the first page.
const Toaster = lazy(() => import('react-hot-toast').then((m) => ({ default: m.Toaster })));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Suspense>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
