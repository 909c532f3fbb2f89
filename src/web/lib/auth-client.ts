import { inferAdditionalFields, oauthPopupClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import type { Auth } from '#server/auth/auth.ts';

export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [inferAdditionalFields<Auth>(), oauthPopupClient()],
});

/** Makes every `useSession()` read the session again (after a profile change). */
export function refreshSession() {
  authClient.$store.notify('$sessionSignal');
}
