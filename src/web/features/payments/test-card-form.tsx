import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { messages } from '#shared/messages.ts';
import type { TestCard } from '#shared/schemas/payment.ts';
import { FormField } from '#web/components/form-field.tsx';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts';
import { PayButton, useCardStep } from './card-step.tsx';
import { type CardFormProps, confirmTestCard } from './use-payment.ts';

const m = messages.payment;

const resolver = lazyZodResolver(() => import('#shared/schemas/payment.ts').then((schemas) => schemas.testCardSchema));

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
      <FormField id={`${id}-number`} label={m.cardNumber} error={errors.cardNumber}>
        {(a11y) => (
          <input
            {...a11y}
            className="input w-full font-mono"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            {...register('cardNumber')}
          />
        )}
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField id={`${id}-expiry`} label={m.expiry} error={errors.expiry}>
          {(a11y) => (
            <input
              {...a11y}
              className="input w-full font-mono"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              {...register('expiry')}
            />
          )}
        </FormField>
        <FormField id={`${id}-cvc`} label={m.cvc} error={errors.cvc}>
          {(a11y) => (
            <input
              {...a11y}
              className="input w-full font-mono"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              {...register('cvc')}
            />
          )}
        </FormField>
      </div>
      <PayButton processing={processing} cardError={cardError} disabled={!intent} />
    </form>
  );
}
