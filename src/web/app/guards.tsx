import type { ReactNode } from 'react';
import { Navigate, useLocation, useMatches } from 'react-router';
import type { Role } from '#shared/constants.ts';
import { Spinner } from '#web/components/spinner.tsx';
import { useCurrentUser } from '#web/lib/use-current-user.ts';

/** Shows `children` to a signed-in user (of one of `roles`, if given); others go to /login, remembering the origin. */
export function RequireAuth({ roles, children }: { roles?: readonly Role[]; children: ReactNode }) {
  const { user, loading } = useCurrentUser();
  const location = useLocation();
  if (loading) return <Spinner label="Checking your account" />;
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
