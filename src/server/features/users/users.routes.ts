import type { AppDeps } from '../../context.ts';
import { createRouter } from '../../http/openapi.ts';

export function usersRoutes(_deps: AppDeps) {
  return createRouter();
}
