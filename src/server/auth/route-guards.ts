import { createMiddleware } from 'hono/factory';
import type { Role } from '../../shared/constants.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { requireRole, requireUser } from './session.ts';

/**
 * Route middleware (`middleware: [signedIn(deps)]`): refuses anonymous callers with 401 before the
 * request is validated, so nobody learns a route's rules without signing in.
 */
export function signedIn(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await requireUser(c, deps);
    await next();
  });
}

/** Route middleware: 401 for anonymous callers, 403 for other roles. */
export function withRole(deps: AppDeps, ...roles: Role[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await requireRole(c, deps, ...roles);
    await next();
  });
}
