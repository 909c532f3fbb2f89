import type { RateLimitKind } from '#server/http/action-rate-limit.ts';

/** Pictures uploaded, per user: book photos, profile photos and covers taken from the ISBN lookup count together. */
export const uploadCalls: RateLimitKind = { name: 'upload', limitEnv: 'ACTION_RATE_LIMIT', what: 'uploads' };
