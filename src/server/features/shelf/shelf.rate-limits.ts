import type { RateLimitKind } from '#server/http/action-rate-limit.ts';

/** Shelf imports, per user (each may read thousands of lines and ask the book catalogue about each). */
export const shelfImportCalls: RateLimitKind = {
  name: 'shelf-import',
  limitEnv: 'ACTION_RATE_LIMIT',
  what: 'shelf imports',
};
