import type { Role } from '../../shared/constants.ts';
import { authClient } from './auth-client.ts';

export interface CurrentUser {
  uid: string;
  email: string;
  displayName: string;
  photoURL: string | null;
  role: Role;
  verified: boolean;
}

/** The signed-in user in the specification's shape, and whether the check is still running. */
export function useCurrentUser(): { user: CurrentUser | null; loading: boolean } {
  const { data, isPending } = authClient.useSession();
  const user = data?.user
    ? {
        uid: data.user.id,
        email: data.user.email,
        displayName: data.user.name,
        photoURL: data.user.image ?? null,
        role: (data.user.role ?? 'Buyer') as Role,
        verified: Boolean(data.user.verified),
      }
    : null;
  return { user, loading: isPending };
}
