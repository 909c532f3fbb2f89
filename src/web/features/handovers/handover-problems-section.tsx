import { texts } from '#shared/i18n/texts.ts';
import { formatMoney } from '#shared/money.ts';
import { orderName } from '#shared/order-name.ts';
import { useConfirmRemoval } from '#web/components/confirm-removal.tsx';
import { PagedItems } from '#web/components/paged-items.tsx';
import { useLocalPaging } from '#web/components/paging.ts';
import { ReviewListItem } from '#web/components/review-list-item.tsx';
import { formatDateTime } from '#web/lib/date-time.ts';
import { problemsPageSize, useHandoverProblems } from './api/get-handover-problems.ts';
import { useDismissProblem, useRefundProblem } from './use-handovers.ts';

const t = texts.handoverProblems;

/** Reported Items' second section: orders whose buyer reported that they were not handed over, to refund or dismiss. */
export function HandoverProblemsSection() {
  const paging = useLocalPaging(problemsPageSize);
  const problems = useHandoverProblems(paging.page);
  const dismiss = useDismissProblem();
  const refunding = useConfirmRemoval(useRefundProblem(), {
    title: (problem) => t.confirmRefund({ book: problem.bookName }),
    confirmLabel: t.refund,
  });

  return (
    <section aria-labelledby="handover-problems-heading" className="mt-10">
      <h2 id="handover-problems-heading" className="mb-4 text-xl font-bold">
        {t.title}
      </h2>
      <PagedItems query={problems} {...paging} empty={t.empty} keyOf={(problem) => problem.bookingId}>
        {(problem) => (
          <ReviewListItem
            item={orderName(problem)}
            testId="handover-problem"
            dismiss={{ label: t.dismiss, mutation: dismiss, id: problem.bookingId }}
            act={{
              label: t.refund,
              onClick: () => refunding.ask({ _id: problem.bookingId, bookName: orderName(problem) }),
            }}
          >
            <h3 className="font-semibold break-words">{orderName(problem)}</h3>
            <p className="text-sm">
              {formatMoney(problem.price, problem.currency)} · {t.paidOn({ when: formatDateTime(problem.paidAt) })} ·{' '}
              {t.reportedOn({ when: formatDateTime(problem.reportedAt) })}
            </p>
            <p className="text-sm break-words text-base-content/80">
              {t.buyer}: {problem.buyerName} ({problem.buyerEmail}) · {t.seller}: {problem.sellerName} (
              {problem.sellerEmail})
            </p>
            <p className="text-sm break-words">“{problem.reason}”</p>
          </ReviewListItem>
        )}
      </PagedItems>
      {refunding.dialog}
    </section>
  );
}
