import { Link } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import { formatMoney } from '#shared/money.ts';
import { orderName } from '#shared/order-name.ts';
import type { Earnings } from '#shared/schemas/payouts.ts';
import { PageControls, usePageParam } from '#web/components/page-controls.tsx';
import { PageSection } from '#web/components/page-section.tsx';
import { QueryView } from '#web/components/query-view.tsx';
import { formatDateTime } from '#web/lib/date-time.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { TestModeBanner } from './test-mode-banner.tsx';
import { earningsPageSize, useEarnings } from './use-payouts.ts';

const m = texts.payouts;

const stateWords = {
  pending: m.earningPending,
  waiting: m.earningWaiting,
  sending: m.earningSending,
  paid: m.earningPaid,
  reversed: m.earningReversed,
  debt: m.earningDebt,
  refunded: m.earningRefunded,
} as const;

function Totals({ earnings }: { earnings: Earnings }) {
  const money = (amount: number) => formatMoney(amount, earnings.currency);
  const t = earnings.totals;
  const figures: [string, string][] = [
    [m.totalPending, money(t.pending)],
    [m.totalReleased, money(t.released)],
    [m.totalTransferred, money(t.transferred)],
    ...(t.paidOutToBank === null ? [] : [[m.totalPaidOut, money(t.paidOutToBank)] as [string, string]]),
    [m.totalFees, money(t.fees)],
    [m.totalDebt, money(t.debt)],
  ];
  return (
    <dl className="stats stats-vertical sm:stats-horizontal mb-6 w-full shadow" data-testid="earnings-totals">
      {figures.map(([label, value]) => (
        <div key={label} className="stat">
          <dt className="text-sm">{label}</dt>
          <dd className="stat-value text-xl">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** `/dashboard/earnings`: what the seller earned, sale by sale, and what became of each share. */
export function EarningsPage() {
  const [page, setPage] = usePageParam();
  const earnings = useEarnings(page);
  useDocumentTitle(m.earningsHeading);
  return (
    <PageSection title={m.earningsHeading}>
      <QueryView query={earnings}>
        {(data) => (
          <div>
            {data.testMode && <TestModeBanner />}
            {data.totals.waiting > 0 && (
              <p role="status" className="alert alert-warning mb-4">
                {m.waitingForYou({ amount: formatMoney(data.totals.waiting, data.currency) })}{' '}
                <Link className="link" to="/dashboard/get-paid">
                  {m.setUpPayouts}
                </Link>{' '}
                {m.toReceiveIt}
              </p>
            )}
            <Totals earnings={data} />
            <a className="btn btn-outline btn-sm mb-4" href="/api/payouts/earnings.csv" download>
              {m.exportCsv}
            </a>
            {data.orders.length === 0 ? (
              <p>{m.noSales}</p>
            ) : (
              <section
                aria-label={m.sales}
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard to be scrolled
                tabIndex={0}
                className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
              >
                <table className="table">
                  <thead>
                    <tr>
                      <th>{m.columnBook}</th>
                      <th>{m.columnPaid}</th>
                      <th>{m.columnPrice}</th>
                      <th>{m.columnFee}</th>
                      <th>{m.columnShare}</th>
                      <th>{m.columnState}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.orders.map((order) => (
                      <tr key={order.bookingId} data-testid="earning">
                        <td>
                          <bdi>{orderName(order)}</bdi>
                        </td>
                        <td>{formatDateTime(order.paidAt)}</td>
                        <td>{formatMoney(order.price, data.currency)}</td>
                        <td>{formatMoney(order.fee, data.currency)}</td>
                        <td>{formatMoney(order.share, data.currency)}</td>
                        <td>{stateWords[order.state]}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            )}
            <PageControls page={page} pageSize={earningsPageSize} total={data.orderCount} onPage={setPage} />
          </div>
        )}
      </QueryView>
    </PageSection>
  );
}
