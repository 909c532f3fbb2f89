import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { problemReasonMaxChars } from '#shared/handover.ts';
import { messages } from '#shared/messages.ts';
import type { ProblemReport, problemReportSchema } from '#shared/schemas/handover.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { ApiError } from '#web/lib/api.ts';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts';
import { useReportProblem } from './use-handovers.ts';

const t = messages.handover;

const resolver = lazyZodResolver(() =>
  import('#shared/schemas/handover.ts').then((schemas) => schemas.problemReportSchema),
);

/** A paid order its buyer reports a problem with. */
export interface OrderToReport {
  bookingId: string;
  bookName: string;
}

/** The buyer's 'Report a problem' dialog: what went wrong (an admin reads it). It stays open when sending fails. */
export function ReportProblemDialog({ order, onClose }: { order: OrderToReport | null; onClose: () => void }) {
  const id = useId();
  const report = useReportProblem();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ProblemReport, unknown, z.output<typeof problemReportSchema>>({
    resolver,
    defaultValues: { reason: '' },
  });
  const { reset: resetReport } = report;

  // Each opening starts empty; a refusal and what was typed stay while it is open.
  const openFor = order?.bookingId;
  useEffect(() => {
    if (openFor) {
      reset({ reason: '' });
      resetReport();
    }
  }, [openFor, reset, resetReport]);

  const refusedReason =
    report.error instanceof ApiError && report.error.field === 'reason' ? { message: report.error.reason } : undefined;

  const submit = handleSubmit(({ reason }) => {
    if (order) report.mutate({ bookingId: order.bookingId, reason }, { onSuccess: onClose });
  });

  return (
    <ConfirmDialog
      open={order !== null}
      title={t.reportProblemFor(order?.bookName ?? '')}
      confirmLabel={t.send}
      busy={report.isPending}
      onCancel={onClose}
      onConfirm={() => void submit()}
    >
      <form noValidate onSubmit={submit}>
        <FormField id={`${id}-reason`} label={t.reasonLabel} error={errors.reason ?? refusedReason}>
          {(a11y) => (
            <textarea
              {...a11y}
              className="textarea w-full"
              rows={3}
              maxLength={problemReasonMaxChars}
              required
              aria-required="true"
              {...register('reason')}
            />
          )}
        </FormField>
        {report.error && !refusedReason && (
          <p role="alert" className="alert alert-error alert-soft mt-3">
            {report.error.message}
          </p>
        )}
      </form>
    </ConfirmDialog>
  );
}
