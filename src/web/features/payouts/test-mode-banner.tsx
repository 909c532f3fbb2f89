/** Said wherever payouts show: in test mode no real money moves. */
export function TestModeBanner() {
  return (
    <p role="note" className="alert alert-info mb-4">
      Test mode: no real money moves. Use the published test bank numbers (routing 110000000, account 000123456789);
      transfers and payouts are recorded by the store.
    </p>
  );
}
