import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { localeOfPath, localizedPath } from '#shared/i18n/locales.ts';
import { queryClient } from './query-client.ts';
import { StoreRoutes } from './router.tsx';

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
      {/*
        A page in another language than English is under its code (`/es/books/…`): every link stays in it. The page
        follows the address at once (a spinner while a page's code loads on its first visit), not in a transition
        that would keep the page being left under the new address.
      */}
      <BrowserRouter basename={localizedPath(localeOfPath(window.location.pathname), '/')} useTransitions={false}>
        <StoreRoutes />
      </BrowserRouter>
      {interacted && (
        <Suspense>
          <Toaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
