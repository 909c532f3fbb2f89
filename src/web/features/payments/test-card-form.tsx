import { type ComponentProps, useId } from 'react';
import { useForm } from 'react-hook-form';
import { pageMessages } from '#shared/page-messages.ts';
import type { TestCard } from '#shared/schemas/payment.ts';
import { FormField, type TextField } from '#web/components/form-field.tsx';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts';
import { PayButton, useCardStep } from './card-step.tsx';
import { type CardFormProps, confirmTestCard } from './use-payment.ts';

const m = pageMessages.payment;

const resolver = lazyZodResolver(() => import('#shared/schemas/payment.ts').then((schemas) => schemas.testCardSchema));

/** One of the card's details: digits, in a monospace input. */
function CardField({ id, label, error, hint, registration, ...input }: ComponentProps<typeof TextField>) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
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
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TestCard>({
    resolver,
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });

  const pay = handleSubmit(async (card) => {
    if (!intent) return;
    await run(async () => {
      const { transactionId } = await confirmTestCard({ clientSecret: intent.clientSecret, ...card });
      await onConfirmed(transactionId);
    });
  });

  return (
    <form noValidate onSubmit={pay} aria-label={m.card} className="max-w-md">
      <CardField
        id={`${id}-number`}
        label={m.cardNumber}
        error={errors.cardNumber}
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        registration={register('cardNumber')}
      />
      <div className="grid grid-cols-2 gap-4">
        <CardField
          id={`${id}-expiry`}
          label={m.expiry}
          error={errors.expiry}
          autoComplete="cc-exp"
          placeholder="MM / YY"
          registration={register('expiry')}
        />
        <CardField
          id={`${id}-cvc`}
          label={m.cvc}
          error={errors.cvc}
          autoComplete="cc-csc"
          placeholder="123"
          registration={register('cvc')}
        />
      </div>
      <PayButton processing={processing} cardError={cardError} disabled={!intent} />
    </form>
  );
}
