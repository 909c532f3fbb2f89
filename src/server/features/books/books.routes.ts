import type { AppDeps } from '../../context.ts';
import { createRouter } from '../../http/openapi.ts';

export function booksRoutes(_deps: AppDeps) {
  return createRouter();
}
