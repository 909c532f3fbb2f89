import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const storageKey = 'scroll-positions';
const positions = new Map<string, number>(JSON.parse(sessionStorage.getItem(storageKey) ?? '[]'));

/**
 * The entry a position belongs to. The router gives the first entry of every page load the same key, `default`, so
 * that entry is also told by its address: another page opened in the tab must not scroll to where the last one was.
 */
const entryOf = (key: string, address: string) => (key === 'default' ? `default ${address}` : key);

// A page opened anew (a link from elsewhere, a typed address, a redirect back from paying) starts at the top, even
// at an address this tab showed before; only a reload, or Back and Forward, return its first entry to where it was.
const [pageLoad] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
if (pageLoad?.type !== 'reload' && pageLoad?.type !== 'back_forward') {
  for (const entry of positions.keys()) if (entry.startsWith('default')) positions.delete(entry);
}

/** How long a page returned to may take to grow tall enough (its code and data arriving) to be scrolled back. */
const restoreForMs = 2000;

/** Scrolls to `y` once the page is tall enough, until then frame by frame, unless the reader scrolls first. */
function scrollBackTo(y: number): () => void {
  const until = performance.now() + restoreForMs;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const event of ['wheel', 'touchstart', 'keydown']) window.removeEventListener(event, stop);
  };
  const attempt = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) > 1 && performance.now() < until) frame = requestAnimationFrame(attempt);
    else stop();
  };
  for (const event of ['wheel', 'touchstart', 'keydown']) window.addEventListener(event, stop, { passive: true });
  attempt();
  return stop;
}

/**
 * A new address starts at the top of the page (or at its `#fragment`); going back or forward returns to where that
 * entry was scrolled, after a reload too.
 */
export function ScrollRestoration() {
  const { key, hash, pathname, search } = useLocation();
  const navigation = useNavigationType();
  const entry = entryOf(key, pathname + search);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const keep = () => sessionStorage.setItem(storageKey, JSON.stringify([...positions].slice(-50)));
    window.addEventListener('pagehide', keep);
    return () => window.removeEventListener('pagehide', keep);
  }, []);

  useLayoutEffect(() => {
    const saved = positions.get(entry);
    const stopRestoring = navigation === 'POP' && saved !== undefined ? scrollBackTo(saved) : undefined;
    if (!stopRestoring) {
      if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
      else window.scrollTo(0, 0);
    }
    const save = () => positions.set(entry, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => {
      stopRestoring?.();
      window.removeEventListener('scroll', save);
    };
  }, [entry, hash, navigation]);

  return null;
}
