import type { RateLimitKind } from '#server/http/action-rate-limit.ts';

/** ISBN lookups, per user (each may ask Open Library). */
export const isbnCalls: RateLimitKind = { name: 'isbn', limitEnv: 'ACTION_RATE_LIMIT', what: 'ISBN lookups' };
