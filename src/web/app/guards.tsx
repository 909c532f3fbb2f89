import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { matchRoutes, Navigate, type RouteObject, useLocation, useNavigate } from 'react-router';
import type { Role } from '#shared/constants.ts';
import { texts } from '#shared/i18n/texts.ts';
import { Spinner } from '#web/components/spinner.tsx';
import { ErrorState } from '#web/components/states.tsx';
import { useCurrentUser } from '#web/lib/use-current-user.ts';

/** What a guard tells the Login page: where to return after signing in, and why the person was sent there. */
export interface SignInState {
  from: { pathname: string; search?: string; hash?: string };
  reason?: string;
}

/**
 * What runs an action that needs a signed-in person (book, report): at once for one, and for someone signed out a
 * trip to /login saying `reason`, and back. A click made while the session is still being checked (just after the
 * page loaded) waits for its answer, instead of sending a signed-in person to sign in.
 */
export function useSignedInAction() {
  const { user, loading } = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const waiting = useRef<{ then: () => void; reason?: string } | null>(null);
  const toSignIn = useCallback(
    (reason?: string) => navigate('/login', { state: { from: location, reason } satisfies SignInState }),
    [navigate, location],
  );

  useEffect(() => {
    const action = waiting.current;
    if (loading || !action) return;
    waiting.current = null;
    if (user) action.then();
    else toSignIn(action.reason);
  }, [loading, user, toSignIn]);

  return (then: () => void, reason?: string) => {
    if (user) then();
    else if (loading) waiting.current = { then, reason };
    else toSignIn(reason);
  };
}

/**
 * Shows `children` to a signed-in user (who has one of `roles` among their capabilities, if given); others go to /login, remembering the origin
 * and saying `reason`, or, when signed out and `signedOutTo` is given, to that public page instead. When the check
 * could not answer (429, a server error, no network), nobody was signed out: it says so, with a button that checks
 * again, and sends nobody anywhere.
 */
export function RequireAuth({
  roles,
  reason = texts.auth.signInFor.dashboard,
  signedOutTo,
  children,
}: {
  roles?: readonly Role[];
  reason?: string;
  signedOutTo?: string;
  children: ReactNode;
}) {
  const { user, loading, checkFailed, retry } = useCurrentUser();
  const location = useLocation();
  if (loading) return <Spinner label={texts.account.checking} />;
  if (checkFailed) return <ErrorState error={new Error(checkFailed)} onRetry={retry} />;
  if (!user && signedOutTo) return <Navigate to={signedOutTo} replace />;
  if (!user || (roles && !roles.some((role) => user.capabilities.includes(role)))) {
    const why = user
      ? texts.auth.signInFor.role({
          roles: (roles ?? []).map((role) => texts.auth.signInFor.roleNames[role]).join(' and '),
        })
      : reason;
    return <Navigate to="/login" replace state={{ from: location, reason: why } satisfies SignInState} />;
  }
  return children;
}

/**
 * What a route says of who may open it, in its `handle`, and what the Login page tells a signed-out visitor
 * sent from it; the layout's guard reads it (`useRouteAccess`).
 */
export interface RouteAccess {
  roles?: readonly Role[];
  reason?: string;
}

/**
 * What the page being shown asks, of `routes` mounted under `base`: the roles and the reason of the deepest matched
 * routes that declare them.
 */
export function useRouteAccess(routes: RouteObject[], base: string): RouteAccess {
  const handles = (matchRoutes(routes, useLocation(), base) ?? []).map((m) => (m.route.handle ?? {}) as RouteAccess);
  return { roles: handles.findLast((h) => h.roles)?.roles, reason: handles.findLast((h) => h.reason)?.reason };
}
