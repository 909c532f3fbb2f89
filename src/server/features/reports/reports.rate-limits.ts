import type { RateLimitKind } from '#server/http/action-rate-limit.ts';

/** Reports of books, per user. */
export const reportCalls: RateLimitKind = { name: 'report', limitEnv: 'ACTION_RATE_LIMIT', what: 'reports' };
