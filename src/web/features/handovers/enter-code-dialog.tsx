import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { messages } from '#shared/messages.ts';
import type { HandoverCode, handoverCodeSchema } from '#shared/schemas/handover.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { ApiError } from '#web/lib/api.ts';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts';
import { useEnterHandoverCode } from './use-handovers.ts';

const t = messages.handover;

const resolver = lazyZodResolver(() =>
  import('#shared/schemas/handover.ts').then((schemas) => schemas.handoverCodeSchema),
);

/** A sold book whose handover the seller confirms. */
export interface HandoverToConfirm {
  bookingId: string;
  bookName: string;
}

/**
 * The seller's 'Enter handover code' dialog: the buyer's 6 digits, checked by the server. A wrong code shows under
 * the field with the tries left, and what was typed stays; the dialog closes when the order is handed over.
 */
export function EnterCodeDialog({ handover, onClose }: { handover: HandoverToConfirm | null; onClose: () => void }) {
  const id = useId();
  const enter = useEnterHandoverCode();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<HandoverCode, unknown, z.output<typeof handoverCodeSchema>>({ resolver, defaultValues: { code: '' } });
  const { reset: resetEnter } = enter;

  // Each opening starts empty; a refusal and what was typed stay while it is open.
  const openFor = handover?.bookingId;
  useEffect(() => {
    if (openFor) {
      reset({ code: '' });
      resetEnter();
    }
  }, [openFor, reset, resetEnter]);

  const refusedCode =
    enter.error instanceof ApiError && enter.error.field === 'code' ? { message: enter.error.reason } : undefined;

  const submit = handleSubmit(({ code }) => {
    if (handover) enter.mutate({ bookingId: handover.bookingId, code }, { onSuccess: onClose });
  });

  return (
    <ConfirmDialog
      open={handover !== null}
      title={t.enterCodeFor(handover?.bookName ?? '')}
      confirmLabel={t.confirm}
      confirmClassName="btn-primary"
      busy={enter.isPending}
      onCancel={onClose}
      onConfirm={() => void submit()}
    >
      <form noValidate onSubmit={submit}>
        <FormField id={`${id}-code`} label={t.codeLabel} hint={t.codeHint} error={errors.code ?? refusedCode}>
          {(a11y) => (
            <input
              {...a11y}
              className="input w-40 font-mono text-lg tracking-widest"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              aria-required="true"
              {...register('code')}
            />
          )}
        </FormField>
        {enter.error && !refusedCode && (
          <p role="alert" className="alert alert-error alert-soft mt-3">
            {enter.error.message}
          </p>
        )}
      </form>
    </ConfirmDialog>
  );
}
