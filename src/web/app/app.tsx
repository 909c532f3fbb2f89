import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';

// Toasts only ever follow something the user did, so their code loads at the first click, tap or key
// press (well before that action's answer comes back), not while the first page is being drawn.
const Toaster = lazy(() => import('react-hot-toast').then((m) => ({ default: m.Toaster })));

function useFirstInput(): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const seeInput = () => setSeen(true);
    const options = { capture: true, once: true } as const;
    window.addEventListener('pointerdown', seeInput, options);
    window.addEventListener('keydown', seeInput, options);
    return () => {
      window.removeEventListener('pointerdown', seeInput, options);
      window.removeEventListener('keydown', seeInput, options);
    };
  }, []);
  return seen;
}

export function App() {
  const interacted = useFirstInput();
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {interacted && (
        <Suspense>
          <Toaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
