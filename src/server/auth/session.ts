import type { Context } from 'hono';
import { AppError } from '#server/app-error.ts';
import type { AppDeps, AppEnv } from '#server/context.ts';
import { authorize } from '#server/policies/policies.ts';
import { capabilitiesOf, type Role } from '#shared/constants.ts';
import type { SessionUser } from './session-user.ts';

/** The signed-in caller (cookie or bearer token), looked up once per request (and remembered: auth/session-cache.ts). */
export async function currentUser(c: Context<AppEnv>, deps: AppDeps): Promise<SessionUser | null> {
  const cached = c.get('user');
  if (cached !== undefined) return cached;
  const cookie = c.req.header('cookie');
  const authorization = c.req.header('authorization');
  const credentials = cookie || authorization ? `${cookie ?? ''}\n${authorization ?? ''}` : undefined;
  const user = await deps.sessions.lookup(credentials, async () => {
    const found = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    if (!found) return null;
    return {
      expiresAt: found.session.expiresAt,
      user: {
        id: found.user.id,
        email: found.user.email,
        name: found.user.name,
        image: found.user.image ?? null,
        role: found.user.role as Role,
        capabilities: capabilitiesOf(found.user.role as Role, found.user.formerRole as Role | null),
        verified: Boolean(found.user.verified),
      },
    };
  });
  c.set('user', user);
  return user;
}

export async function requireUser(c: Context<AppEnv>, deps: AppDeps): Promise<SessionUser> {
  const user = await currentUser(c, deps);
  if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in first');
  return user;
}

export async function requireRole(c: Context<AppEnv>, deps: AppDeps, ...roles: Role[]): Promise<SessionUser> {
  const user = await requireUser(c, deps);
  if (!roles.some((role) => user.capabilities.includes(role))) {
    throw new AppError('FORBIDDEN', `Only ${roles.join(' or ')} accounts can do this`);
  }
  return user;
}

/** A user may ask about themselves; an admin about anyone. */
export async function requireSelfOrAdmin(c: Context<AppEnv>, deps: AppDeps, email: string): Promise<SessionUser> {
  const user = await requireUser(c, deps);
  authorize(user, 'account.read', { email });
  return user;
}
