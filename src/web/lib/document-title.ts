import { useEffect } from 'react';
import { texts } from '#shared/i18n/texts.ts';

/** Names the browser tab after the page while it shows (the server sends the same title with the page). */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = `${title} — ${texts.brand}`;
    return () => {
      document.title = before;
    };
  }, [title]);
}
