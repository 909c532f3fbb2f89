import { useSyncExternalStore } from 'react';
import { capabilitiesOf, type Role } from '#shared/constants.ts';
import { currentLocale, texts } from '#shared/i18n/texts.ts';
import { api } from './api.ts';
import type { authClient as AuthClient } from './auth-client.ts';

export interface CurrentUser {
  uid: string;
  email: string;
  displayName: string;
  photoURL: string | null;
  role: Role;
  /** What the role lets them do: the role, and selling for an admin who was a seller (`capabilitiesOf`). */
  capabilities: Role[];
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
  sessionStore?.listen(() => {
    notify();
    toastCheckFailure();
    keepTimeZone();
    keepLanguage();
  });
  notify();
});

// The accounts this page told its time zone to (once each), so that mail writes times as the person reads them.
const toldTimeZone = new Set<string>();
function keepTimeZone() {
  const user = sessionStore?.get().data?.user as { id: string; timeZone?: string | null } | undefined;
  if (!user || toldTimeZone.has(user.id)) return;
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  toldTimeZone.add(user.id);
  if (!timeZone || user.timeZone === timeZone) return;
  api.users.me.timeZone.$put({ json: { timeZone } }).catch(() => toldTimeZone.delete(user.id));
}

// The accounts this page told its language to: a signed-in person's mail is written in the language they read.
const toldLanguage = new Set<string>();
function keepLanguage() {
  const user = sessionStore?.get().data?.user as { id: string; language?: string | null } | undefined;
  if (!user || toldLanguage.has(user.id)) return;
  toldLanguage.add(user.id);
  const language = currentLocale();
  if ((user.language ?? 'en') === language) return;
  api.users.me.language.$put({ json: { language } }).catch(() => toldLanguage.delete(user.id));
}

/**
 * Why the session check did not answer, when it did not (429 Too Many Requests, a server error, no network);
 * null when it answered, a 401 included (that is being signed out).
 */
function checkFailure(session: SessionState | undefined): string | null {
  const error = session?.error as { status?: number; message?: string } | null | undefined;
  if (!error || error.status === 401) return null;
  const reason = error.message || (error.status ? `the server answered ${error.status}` : texts.account.unreachable);
  return texts.account.checkFailed({ reason });
}

// A failed check is said in a toast as well, once, wherever it happens; the page keeps whoever was signed in.
let toldFailure: unknown;
function toastCheckFailure() {
  const session = sessionStore?.get();
  const failure = checkFailure(session);
  if (!failure || session?.error === toldFailure) return;
  toldFailure = session?.error;
  void import('react-hot-toast').then(({ toast }) => toast.error(failure, { id: 'account-check' }));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = (): SessionState | undefined => sessionStore?.get();

export interface CurrentUserState {
  user: CurrentUser | null;
  /** The check is still running. */
  loading: boolean;
  /**
   * Set when nobody is known to be signed in because the check did not answer (429 Too Many Requests, a server
   * error, no network): the message to show. That is not being signed out; a guarded page shows it, with `retry`.
   */
  checkFailed: string | null;
  /** Checks again. */
  retry: () => void;
}

/** The signed-in user in the specification's shape, and whether the check is still running or could not answer. */
export function useCurrentUser(): CurrentUserState {
  const session = useSyncExternalStore(subscribe, snapshot);
  const data = session?.data;
  const user = data?.user
    ? {
        uid: data.user.id,
        email: data.user.email,
        displayName: data.user.name,
        photoURL: data.user.image ?? null,
        role: (data.user.role ?? 'Buyer') as Role,
        capabilities: capabilitiesOf((data.user.role ?? 'Buyer') as Role, data.user.formerRole as Role | null),
        verified: Boolean(data.user.verified),
        emailVerified: Boolean(data.user.emailVerified),
      }
    : null;
  const loading = !session || session.isPending;
  return {
    user,
    loading,
    checkFailed: user || loading ? null : checkFailure(session),
    retry: () => void session?.refetch(),
  };
}
