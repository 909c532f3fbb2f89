import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { carryTypedSearch } from './app/first-view.ts';
import { firstPageReady } from './app/router.tsx';
import './styles.css';

// zod probes `new Function` (its faster parser) unless told not to; our CSP forbids eval, so each probe is a
// logged CSP violation. This is the object z.config() writes to, whether zod has loaded yet or not; setting
// it here keeps zod itself off this chunk.
const zodConfig = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodConfig.__zod_globalConfig ??= {};
zodConfig.__zod_globalConfig.jitless = true;

// The first render draws the page asked for, once its code is in. Not awaited at the top level: the page's code
// imports this very chunk, which must have finished running first.
const root = document.getElementById('root')!;
carryTypedSearch(root);
firstPageReady(window.location).then(() => {
  // As a transition, the first render yields to the browser every few milliseconds instead of holding the
  // main thread for one long task.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
