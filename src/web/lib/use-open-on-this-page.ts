import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Whether a menu is open, and the way to open or close it, for a menu that stays open only on the page it was opened
 * on: arriving on another page (a link in it, Back) closes it.
 */
export function useOpenOnThisPage() {
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const setOpen = useCallback((open: boolean) => setOpenOn(open ? pathname : null), [pathname]);
  return [openOn === pathname, setOpen] as const;
}
