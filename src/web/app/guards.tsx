import type { ReactNode } from 'react';
import { Navigate, useLocation, useMatches } from 'react-router';
import type { Role } from '#shared/constants.ts';
import { messages } from '#shared/messages.ts';
import { Spinner } from '#web/components/spinner.tsx';
import { ErrorState } from '#web/components/states.tsx';
import { useCurrentUser } from '#web/lib/use-current-user.ts';

/**
 * Shows `children` to a signed-in user (of one of `roles`, if given); others go to /login, remembering the origin.
 * When the check could not answer (429, a server error, no network), nobody was signed out: it says so, with a
 * button that checks again, and sends nobody to /login.
 */
export function RequireAuth({ roles, children }: { roles?: readonly Role[]; children: ReactNode }) {
  const { user, loading, checkFailed, retry } = useCurrentUser();
  const location = useLocation();
  if (loading) return <Spinner label={messages.account.checking} />;
  if (checkFailed) return <ErrorState error={new Error(checkFailed)} onRetry={retry} />;
  if (!user || (roles && !roles.includes(user.role))) {
    return <Navigate to="/login" replace state={{ from: location }} />;
  }
  return children;
}

/** What a route says of who may open it, in its `handle`; a layout route's guard reads it (`useRouteRoles`). */
export interface RouteAccess {
  roles: readonly Role[];
}

/** The roles the page being shown asks for: the `handle` of the deepest matched route that declares some. */
export function useRouteRoles(): readonly Role[] | undefined {
  const match = useMatches().findLast((m) => (m.handle as RouteAccess | undefined)?.roles);
  return (match?.handle as RouteAccess | undefined)?.roles;
}
