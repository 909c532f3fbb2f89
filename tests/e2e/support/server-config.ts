/**
 * What the browser tests' server runs with besides its defaults. An unpaid booking holds its book for 30 seconds
 * (48 hours in the store), so a spec can watch a hold run out; every other flow books and pays well within it.
 * Reports hide a book from the third different reporter on, as in the store.
 */
export const bookingHoldSeconds = 30;
export const reportHideThreshold = 3;

export const e2eServerEnv = {
  BOOKING_HOLD: `${bookingHoldSeconds}s`,
  REPORT_HIDE_THRESHOLD: String(reportHideThreshold),
};
