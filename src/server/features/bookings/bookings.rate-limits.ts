import type { RateLimitKind } from '#server/http/action-rate-limit.ts';

/** Bookings a buyer makes, per user. */
export const bookingCalls: RateLimitKind = { name: 'booking', limitEnv: 'ACTION_RATE_LIMIT', what: 'bookings' };
