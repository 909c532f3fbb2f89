import { pageMessages } from '#shared/page-messages.ts';
import { FieldDialog, useDialogForm } from '#web/components/field-dialog.tsx';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts';
import { useEnterHandoverCode } from './use-handovers.ts';

const t = pageMessages.handover;

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
  const enter = useEnterHandoverCode();
  const form = useDialogForm(handover?.bookingId, enter, resolver, { code: '' });

  const submit = form.handleSubmit(({ code }) => {
    if (handover) enter.mutate({ bookingId: handover.bookingId, code }, { onSuccess: onClose });
  });

  return (
    <FieldDialog
      open={handover !== null}
      title={t.enterCodeFor(handover?.bookName ?? '')}
      confirmLabel={t.confirm}
      confirmClassName="btn-primary"
      field={{ name: 'code', label: t.codeLabel, hint: t.codeHint, error: form.formState.errors.code }}
      request={enter}
      onSubmit={submit}
      onClose={onClose}
    >
      {(a11y) => (
        <input
          {...a11y}
          className="input w-40 font-mono text-lg tracking-widest"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          aria-required="true"
          {...form.register('code')}
        />
      )}
    </FieldDialog>
  );
}
