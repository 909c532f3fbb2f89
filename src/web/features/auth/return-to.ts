import { useLocation } from 'react-router';

interface FromState {
  from?: { pathname?: string; search?: string; hash?: string };
}

/** Where a guard sent the user from (`location.state.from`), or / ; never back to the login pages. */
export function useReturnTo(): string {
  const from = (useLocation().state as FromState | null)?.from;
  if (!from?.pathname || ['/login', '/signup'].includes(from.pathname)) return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
