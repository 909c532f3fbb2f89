import type { AppDeps } from '../../context.ts';
import { createRouter } from '../../http/openapi.ts';

export function uploadsRoutes(_deps: AppDeps) {
  return createRouter();
}
