import { useId } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { texts } from '#shared/i18n/texts.ts';
import type { TestCard } from '#shared/schemas/payment.ts';
import { FormField } from '#web/components/form-field.tsx';
import { fieldProps } from '#web/lib/field-props.ts';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts';
import { PayButton, useCardStep } from './card-step.tsx';
import { type CardFormProps, confirmTestCard } from './use-payment.ts';

const m = texts.payment;

const resolver = lazyZodResolver(() => import('#shared/schemas/payment.ts').then((schemas) => schemas.testCardSchema));

/** The card's details: each one's label, what the browser may fill it with, and an example of it. */
const cardDetails = {
  cardNumber: { label: m.cardNumber, autoComplete: 'cc-number', placeholder: '4242 4242 4242 4242' },
  expiry: { label: m.expiry, autoComplete: 'cc-exp', placeholder: m.expiryPlaceholder },
  cvc: { label: m.cvc, autoComplete: 'cc-csc', placeholder: '123' },
};

/** One of the card's details: digits, in a monospace input. */
function CardField({ id, name, form }: { id: string; name: keyof TestCard; form: UseFormReturn<TestCard> }) {
  const { label, ...input } = cardDetails[name];
  const { error, registration } = fieldProps(form, name);
  return (
    <FormField id={id} label={label} error={error}>
      {(a11y) => (
        <input {...a11y} className="input w-full font-mono" inputMode="numeric" {...input} {...registration} />
      )}
    </FormField>
  );
}

/** The built-in test provider's card form: the same steps as Stripe Elements, with our own fields. */
export function TestCardForm({ intent, onConfirmed }: CardFormProps) {
  const id = useId();
  const { processing, cardError, run } = useCardStep();
  const form = useForm<TestCard>({ resolver, defaultValues: { cardNumber: '', expiry: '', cvc: '' } });

  const pay = form.handleSubmit(async (card) => {
    if (!intent) return;
    await run(async () => {
      const { transactionId } = await confirmTestCard({ clientSecret: intent.clientSecret, ...card });
      await onConfirmed(transactionId);
    });
  });

  return (
    <form noValidate onSubmit={pay} aria-label={m.card} className="max-w-md">
      <CardField id={`${id}-number`} name="cardNumber" form={form} />
      <div className="grid grid-cols-2 gap-4">
        <CardField id={`${id}-expiry`} name="expiry" form={form} />
        <CardField id={`${id}-cvc`} name="cvc" form={form} />
      </div>
      <PayButton processing={processing} cardError={cardError} disabled={!intent} />
    </form>
  );
}
