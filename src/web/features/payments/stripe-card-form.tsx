import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { type FormEvent, useState } from 'react';
import { texts } from '#shared/i18n/texts.ts';
import { PayButton, useCardStep } from './card-step.tsx';
import type { CardFormProps } from './use-payment.ts';

const m = texts.payment;

// Stripe.js is loaded once per key, and only when a payment page with Stripe opens.
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

/** Stripe Elements' card field; Stripe.js confirms the card and the page records the payment. */
export function StripeCardForm(props: CardFormProps) {
  const publishableKey = props.intent?.publishableKey;
  if (!publishableKey) return <p className="text-base-content/70">{m.preparing}</p>;
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ intent, payer, onConfirmed }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const { processing, cardError, setCardError, run } = useCardStep();

  async function pay(event: FormEvent) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !intent) return;
    await run(async () => {
      const { error, paymentIntent } = await stripe.confirmCardPayment(intent.clientSecret, {
        payment_method: { card, billing_details: { email: payer.email, name: payer.name } },
      });
      if (error) setCardError(error.message ?? 'Your card was declined.');
      else if (paymentIntent.status === 'succeeded') await onConfirmed(paymentIntent.id);
      else setCardError(`The payment is ${paymentIntent.status.replaceAll('_', ' ')}.`);
    });
  }

  return (
    <form noValidate onSubmit={pay} aria-label={m.card} className="max-w-md">
      <fieldset className="fieldset">
        <legend className="fieldset-legend">{m.card}</legend>
        <div className="input h-auto w-full py-3">
          <CardElement
            className="w-full"
            onReady={() => setReady(true)}
            onChange={(event) => setCardError(event.error?.message ?? null)}
          />
        </div>
      </fieldset>
      <PayButton processing={processing} cardError={cardError} disabled={!stripe || !ready || !intent} />
    </form>
  );
}
