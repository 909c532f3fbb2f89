import { useState } from 'react';
import { texts } from '#shared/i18n/texts.ts';

const m = texts.payment;

/** The card step of either card form: whether it is processing, the card error, and `run` to take the step. */
export function useCardStep() {
  const [processing, setProcessing] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);

  async function run(step: () => Promise<void>) {
    setCardError(null);
    setProcessing(true);
    try {
      await step();
    } catch (error) {
      setCardError(error instanceof Error ? error.message : String(error));
    } finally {
      setProcessing(false);
    }
  }

  return { processing, cardError, setCardError, run };
}

/** The end of a card form: the card error in red, then the Pay button (busy while processing). */
export function PayButton({
  processing,
  cardError,
  disabled,
}: {
  processing: boolean;
  cardError: string | null;
  disabled: boolean;
}) {
  return (
    <>
      {cardError && (
        <p role="alert" className="mt-3 text-error">
          {cardError}
        </p>
      )}
      <button type="submit" className="btn btn-primary mt-4 w-full" disabled={disabled || processing}>
        {processing && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {processing ? m.processing : m.pay}
      </button>
    </>
  );
}
