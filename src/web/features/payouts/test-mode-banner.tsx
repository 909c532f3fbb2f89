import { texts } from '#shared/i18n/texts.ts';

/** Said wherever payouts show: in test mode no real money moves. */
export function TestModeBanner() {
  return (
    <p role="note" className="alert alert-info mb-4">
      {texts.payouts.testMode}
    </p>
  );
}
