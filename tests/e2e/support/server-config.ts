/**
 * What the browser tests' server runs with besides its defaults. An unpaid booking holds its book for 30 seconds
 * (48 hours in the store), so a spec can watch a hold run out; every other flow books and pays well within it.
 * A buyer may report a problem with a paid order 3 seconds after paying (7 days in the store), so a spec can
 * report one and have an admin decide it.
 * Reports hide a book from the third different reporter on, as in the store; but a confirmed account's reports count
 * from 2 seconds after it signed up (a day in the store), so a spec can sign one up, confirm it and have it count.
 * The demo seller lists the books of nearly every spec, far more than a real seller's 20 in 10 minutes: LISTING_LIMIT
 * is off (tests/http/listing-limits.test.ts holds it). A buyer holds at most 3 unpaid bookings, as in the store.
 */
export const bookingHoldSeconds = 30;
export const handoverPeriodSeconds = 3;
export const reportHideThreshold = 3;
export const reportMinAccountAgeSeconds = 2;
export const maxOpenHolds = 3;

export const e2eServerEnv = {
  BOOKING_HOLD: `${bookingHoldSeconds}s`,
  HANDOVER_PERIOD: `${handoverPeriodSeconds}s`,
  REPORT_HIDE_THRESHOLD: String(reportHideThreshold),
  REPORT_MIN_ACCOUNT_AGE: `${reportMinAccountAgeSeconds}s`,
  LISTING_LIMIT: 'off',
  MAX_OPEN_HOLDS: String(maxOpenHolds),
};
