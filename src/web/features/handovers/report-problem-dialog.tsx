import { problemReasonMaxChars } from '#shared/handover.ts';
import { pageMessages } from '#shared/page-messages.ts';
import { FieldDialog, ReasonInput, useDialogForm } from '#web/components/field-dialog.tsx';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts';
import { useReportProblem } from './use-handovers.ts';

const t = pageMessages.handover;

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
  const report = useReportProblem();
  const form = useDialogForm(order?.bookingId, report, resolver, { reason: '' });

  const submit = form.handleSubmit(({ reason }) => {
    if (order) report.mutate({ bookingId: order.bookingId, reason }, { onSuccess: onClose });
  });

  return (
    <FieldDialog
      open={order !== null}
      title={t.reportProblemFor(order?.bookName ?? '')}
      confirmLabel={t.send}
      field={{ name: 'reason', label: t.reasonLabel, error: form.formState.errors.reason }}
      request={report}
      onSubmit={submit}
      onClose={onClose}
    >
      {(a11y) => <ReasonInput {...a11y} maxLength={problemReasonMaxChars} registration={form.register('reason')} />}
    </FieldDialog>
  );
}
