import type { MiddlewareHandler } from 'hono';
import type { AppDeps } from '#server/context.ts';
import { isWrite } from './request-methods.ts';

/**
 * After an API call that may have changed something, this process's caches check the database's versions
 * before they answer again (ADR 007), so a change made through this server shows at once: any write may
 * change a public list or someone's own lists; any Better Auth call, and any write to an account, may end a session
 * or change a user.
 */
export function noteWrites(
  deps: Pick<AppDeps, 'publicLists' | 'publicQueries' | 'privateAnswers' | 'sessions'>,
): MiddlewareHandler {
  return async (c, next) => {
    try {
      await next();
    } finally {
      const write = isWrite(c.req.method);
      if (write) {
        deps.publicLists.noteWrite();
        deps.publicQueries.noteWrite();
      }
      if (c.req.path.startsWith('/api/auth/') || (write && c.req.path.startsWith('/api/users'))) {
        deps.sessions.noteWrite();
      }
      if (write || c.req.path.startsWith('/api/auth/')) deps.privateAnswers.noteWrite();
    }
  };
}
