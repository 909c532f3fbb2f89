import { useLocation, useNavigate } from 'react-router';
import type { SignInState } from '#web/app/guards.tsx';
import { authClient } from '#web/lib/auth-client.ts';

/** Where a guard sent the user from (`location.state.from`), or / ; never back to the login pages. */
function useReturnTo(): string {
  const from = (useLocation().state as Partial<SignInState> | null)?.from;
  if (!from?.pathname || ['/login', '/signup'].includes(from.pathname)) return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** Resolves once the session store holds the signed-in user (or after a few seconds at most). */
function sessionReady(): Promise<void> {
  const session = authClient.$store.atoms.session!;
  authClient.$store.notify('$sessionSignal');
  return new Promise((resolve) => {
    const timer = setTimeout(finish, 5000);
    const unsubscribe = session.subscribe((state: { data?: { user?: unknown } | null }) => {
      if (state.data?.user) finish();
    });
    function finish() {
      clearTimeout(timer);
      queueMicrotask(() => unsubscribe());
      resolve();
    }
  });
}

/**
 * After a sign-in, goes back where the user came from. It waits for the new session to reach the session
 * store first; otherwise a guarded page could still see the signed-out state and send the user to /login again.
 */
export function useFinishSignIn(): () => Promise<void> {
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  return async () => {
    await sessionReady();
    navigate(returnTo, { replace: true });
  };
}
