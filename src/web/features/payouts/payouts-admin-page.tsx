import { texts } from '#shared/i18n/texts.ts';
import { formatMoney } from '#shared/money.ts';
import type { PayoutSeller } from '#shared/schemas/payouts.ts';
import { MutationButton } from '#web/components/mutation-button.tsx';
import { PageSection } from '#web/components/page-section.tsx';
import { QueryView } from '#web/components/query-view.tsx';
import { formatDateTime } from '#web/lib/date-time.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { useHoldPayouts, useLiftPayoutHold, usePayoutsOverview, useRetryTransfer } from './use-payouts.ts';

const t = texts.payouts;

function Part({ title, empty, children }: { title: string; empty: boolean; children: React.ReactNode }) {
  return (
    <section className="mb-8">
      <h2 className="mb-2 text-xl font-semibold">{title}</h2>
      {empty ? <p className="text-base-content/70">{t.nothingHere}</p> : <ul className="space-y-2">{children}</ul>}
    </section>
  );
}

/** The seller an entry is about: their name and address, or a closed account marked as such. */
function Seller({ who }: { who: PayoutSeller }) {
  if (who.closed) return <span className="badge badge-neutral">{t.closedAccount}</span>;
  return (
    <span>
      {who.sellerName} <span className="text-base-content/70">({who.sellerEmail})</span>
    </span>
  );
}

/** `/dashboard/payouts`: what needs an admin in the sellers' payouts. */
export function PayoutsAdminPage() {
  const overview = usePayoutsOverview();
  const retry = useRetryTransfer();
  const hold = useHoldPayouts();
  const lift = useLiftPayoutHold();
  useDocumentTitle(t.adminHeading);
  const holdSeller = (sellerId: string) => {
    const reason = window.prompt(t.holdWhy);
    if (reason?.trim()) hold.mutate({ sellerId, reason });
  };
  return (
    <PageSection title={t.adminHeading}>
      <QueryView query={overview}>
        {(data) => {
          const money = (amount: number) => formatMoney(amount, data.currency);
          return (
            <div>
              <Part title={t.waitingPart} empty={data.waiting.length === 0}>
                {data.waiting.map((w) => (
                  <li key={w.sellerId} className="flex flex-wrap items-center gap-3">
                    <Seller who={w} />:{' '}
                    {t.waitingLine({ amount: money(w.amount), orders: w.orders, since: formatDateTime(w.since) })}
                    <button type="button" className="btn btn-outline btn-xs" onClick={() => holdSeller(w.sellerId)}>
                      {t.holdPayouts}
                    </button>
                  </li>
                ))}
              </Part>
              <Part title={t.accountsPart} empty={data.accounts.length === 0}>
                {data.accounts.map((a) => (
                  <li key={a.sellerId}>
                    <Seller who={a} />: {a.state}
                    {a.detail && ` (${a.detail})`}
                  </li>
                ))}
              </Part>
              <Part title={t.failedPart} empty={data.failedTransfers.length === 0}>
                {data.failedTransfers.map((f) => (
                  <li key={f.bookingId} className="flex flex-wrap items-center gap-3">
                    <Seller who={f} />: {money(f.amount)}, {t.attempts({ n: f.attempts })}: {f.lastError}
                    <MutationButton mutation={retry} variables={f.bookingId} className="btn-outline btn-xs">
                      {t.retryNow}
                    </MutationButton>
                  </li>
                ))}
              </Part>
              <Part title={t.debtsPart} empty={data.debts.length === 0}>
                {data.debts.map((d) => (
                  <li key={d.sellerId}>
                    <Seller who={d} />: {money(d.amount)}
                  </li>
                ))}
              </Part>
              <Part title={t.heldPart} empty={data.holds.length === 0}>
                {data.holds.map((h) => (
                  <li key={h.sellerId} className="flex flex-wrap items-center gap-3">
                    <Seller who={h} />: {h.reason} ({t.heldSince({ since: formatDateTime(h.heldAt) })})
                    <MutationButton mutation={lift} variables={h.sellerId} className="btn-outline btn-xs">
                      {t.liftHold}
                    </MutationButton>
                  </li>
                ))}
              </Part>
            </div>
          );
        }}
      </QueryView>
    </PageSection>
  );
}
