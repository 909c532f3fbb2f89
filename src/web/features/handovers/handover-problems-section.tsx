import { useState } from 'react';
import { messages } from '#shared/messages.ts';
import { formatMoney } from '#shared/money.ts';
import type { HandoverProblem } from '#shared/schemas/handover.ts';
import { ConfirmRemoval } from '#web/components/confirm-removal.tsx';
import { ItemButton, ItemMutationButton } from '#web/components/item-button.tsx';
import { PagedList } from '#web/components/paged-list.tsx';
import { formatDateTime } from '#web/lib/date-time.ts';
import { problemsPageSize, useHandoverProblems } from './api/get-handover-problems.ts';
import { useDismissProblem, useRefundProblem } from './use-handovers.ts';

const t = messages.handover;

/** Reported Items' second section: orders whose buyer reported that they were not handed over, to refund or dismiss. */
export function HandoverProblemsSection() {
  const [page, setPage] = useState(1);
  const problems = useHandoverProblems(page);
  const refund = useRefundProblem();
  const dismiss = useDismissProblem();
  const [toRefund, setToRefund] = useState<HandoverProblem | null>(null);

  return (
    <section aria-labelledby="handover-problems-heading" className="mt-10">
      <h2 id="handover-problems-heading" className="mb-4 text-xl font-bold">
        {t.problems}
      </h2>
      <PagedList query={problems} page={page} pageSize={problemsPageSize} onPage={setPage} empty={t.problemsEmpty}>
        {(items) => (
          <ul className="space-y-3">
            {items.map((problem) => (
              <li
                key={problem.bookingId}
                data-testid="handover-problem"
                className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-3 md:flex-row md:items-center md:justify-between"
              >
                <div className="min-w-0 space-y-1 text-sm">
                  <h3 className="text-base font-semibold break-words">{problem.bookName}</h3>
                  <p>
                    {formatMoney(problem.price, problem.currency)} · {t.paidOn(formatDateTime(problem.paidAt))} ·{' '}
                    {t.reportedOn(formatDateTime(problem.reportedAt))}
                  </p>
                  <p className="break-words text-base-content/80">
                    {t.buyer}: {problem.buyerName} ({problem.buyerEmail}) · {t.seller}: {problem.sellerName} (
                    {problem.sellerEmail})
                  </p>
                  <p className="break-words">“{problem.reason}”</p>
                </div>
                <div className="flex shrink-0 flex-wrap gap-2">
                  <ItemMutationButton
                    action={t.dismiss}
                    item={problem.bookName}
                    className="btn-sm btn-primary"
                    mutation={dismiss}
                    id={problem.bookingId}
                  />
                  <ItemButton
                    action={t.refund}
                    item={problem.bookName}
                    className="btn-sm btn-outline btn-error"
                    onClick={() => setToRefund(problem)}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <ConfirmRemoval
        item={toRefund && { _id: toRefund.bookingId, bookName: toRefund.bookName }}
        title={t.confirmRefund(toRefund?.bookName ?? '')}
        confirmLabel={t.refund}
        removal={refund}
        onClose={() => setToRefund(null)}
      />
    </section>
  );
}
