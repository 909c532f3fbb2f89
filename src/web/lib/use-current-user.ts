import { useSyncExternalStore } from 'react';
import type { Role } from '#shared/constants.ts';
import type { authClient as AuthClient } from './auth-client.ts';

export interface CurrentUser {
  uid: string;
  email: string;
  displayName: string;
  photoURL: string | null;
  role: Role;
  verified: boolean;
  /** Whether they confirmed their email address (the link mailed at sign-up). */
  emailVerified: boolean;
}

type SessionState = ReturnType<typeof AuthClient.useSession>;

interface SessionStore {
  get(): SessionState;
  listen(listener: () => void): () => void;
}

// The auth client (Better Auth, ~12 KB gzip) is not needed to paint a page: it loads beside the
// page instead of before it, and every useCurrentUser() follows its session store once it is here.
let sessionStore: SessionStore | undefined;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
void import('./auth-client.ts').then(({ authClient }) => {
  sessionStore = authClient.$store.atoms.session;
  sessionStore?.listen(notify);
  notify();
});

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = (): SessionState | undefined => sessionStore?.get();

/** The signed-in user in the specification's shape, and whether the check is still running. */
export function useCurrentUser(): { user: CurrentUser | null; loading: boolean } {
  const session = useSyncExternalStore(subscribe, snapshot);
  const data = session?.data;
  const user = data?.user
    ? {
        uid: data.user.id,
        email: data.user.email,
        displayName: data.user.name,
        photoURL: data.user.image ?? null,
        role: (data.user.role ?? 'Buyer') as Role,
        verified: Boolean(data.user.verified),
        emailVerified: Boolean(data.user.emailVerified),
      }
    : null;
  return { user, loading: !session || session.isPending };
}
