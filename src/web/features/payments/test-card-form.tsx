import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { messages } from '../../../shared/messages.ts';
import { type TestCard, testCardSchema } from '../../../shared/schemas/payment.ts';
import { FormField } from '../../components/form-field.tsx';
import { type CardFormProps, confirmTestCard } from './use-payment.ts';

const m = messages.payment;

/** The built-in test provider's card form: the same steps as Stripe Elements, with our own fields. */
export function TestCardForm({ intent, onConfirmed }: CardFormProps) {
  const id = useId();
  const [processing, setProcessing] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TestCard>({
    resolver: zodResolver(testCardSchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });

  const pay = handleSubmit(async (card) => {
    if (!intent) return;
    setCardError(null);
    setProcessing(true);
    try {
      const { transactionId } = await confirmTestCard({ clientSecret: intent.clientSecret, ...card });
      await onConfirmed(transactionId);
    } catch (error) {
      setCardError(error instanceof Error ? error.message : String(error));
    } finally {
      setProcessing(false);
    }
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
      {cardError && (
        <p role="alert" className="mt-3 text-error">
          {cardError}
        </p>
      )}
      <button type="submit" className="btn btn-primary mt-4 w-full" disabled={!intent || processing}>
        {processing && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {processing ? m.processing : m.pay}
      </button>
    </form>
  );
}
