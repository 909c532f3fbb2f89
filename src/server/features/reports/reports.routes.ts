import type { AppDeps } from '../../context.ts';
import { createRouter } from '../../http/openapi.ts';

export function reportsRoutes(_deps: AppDeps) {
  return createRouter();
}
