import type { Role } from '#shared/constants.ts';

/** The signed-in caller as a request sees it (auth/session.ts looks it up). */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  role: Role;
  /** What the role lets them do: the role itself, and selling for an admin who was a seller (`capabilitiesOf`). */
  capabilities: Role[];
  verified: boolean;
}
