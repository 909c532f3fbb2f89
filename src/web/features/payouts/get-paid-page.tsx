import { type FormEvent, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import type { PayoutAccount } from '#shared/schemas/payouts.ts';
import { MutationButton } from '#web/components/mutation-button.tsx';
import { PageSection } from '#web/components/page-section.tsx';
import { QueryView } from '#web/components/query-view.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { TestModeBanner } from './test-mode-banner.tsx';
import { usePayoutAccount, useRefreshPayoutAccount, useSetUpTestAccount, useStripeOnboarding } from './use-payouts.ts';

const t = texts.payouts;

const stateWords: Record<PayoutAccount['state'], string> = {
  none: t.stateNone,
  onboarding: t.stateOnboarding,
  active: t.stateActive,
  restricted: t.stateRestricted,
};

/** Test mode: the seller types the published test bank numbers. */
function TestBankForm() {
  const save = useSetUpTestAccount();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    save.mutate({ routingNumber: String(form.get('routingNumber')), accountNumber: String(form.get('accountNumber')) });
  };
  const refusal = save.error instanceof ApiError ? save.error.reason : save.error?.message;
  return (
    <form onSubmit={submit} className="mt-4 grid max-w-md gap-3" noValidate>
      <label className="form-control">
        <span className="label-text">{t.routingNumber}</span>
        <input name="routingNumber" className="input w-full" inputMode="numeric" defaultValue="110000000" />
      </label>
      <label className="form-control">
        <span className="label-text">{t.accountNumber}</span>
        <input name="accountNumber" className="input w-full" inputMode="numeric" placeholder="000123456789" />
      </label>
      {refusal && (
        <p role="alert" className="text-error text-sm">
          {refusal}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        {t.saveAccount}
      </button>
    </form>
  );
}

function StripeSetUp({ account }: { account: PayoutAccount }) {
  const onboarding = useStripeOnboarding();
  const refresh = useRefreshPayoutAccount();
  const [params] = useSearchParams();
  const asked = useRef(false);
  const link = params.get('link');
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    // Stripe sends the seller back here: `done` after onboarding, `expired` when the link ran out.
    if (link === 'done') refresh.mutate(undefined);
    if (link === 'expired') onboarding.mutate(undefined);
  }, [link, refresh, onboarding]);
  if (account.state === 'active') return null;
  return (
    <MutationButton mutation={onboarding} variables={undefined} className="btn-primary mt-4">
      {account.state === 'none' ? t.setUpWithStripe : t.continueWithStripe}
    </MutationButton>
  );
}

/** `/dashboard/get-paid`: where the seller's money goes, and how their payout account stands. */
export function GetPaidPage() {
  const account = usePayoutAccount();
  useDocumentTitle(t.getPaidHeading);
  return (
    <PageSection title={t.getPaidHeading} className="max-w-3xl">
      <QueryView query={account}>
        {(data) => (
          <div>
            {data.testMode && <TestModeBanner />}
            <p data-testid="payout-state" className="text-lg">
              {stateWords[data.state]}
            </p>
            {data.detail && <p className="text-sm text-base-content/70">{data.detail}</p>}
            {data.bankLast4 && <p className="text-sm">{t.bankEnding({ last4: data.bankLast4 })}</p>}
            {data.held && (
              <p role="status" className="alert alert-warning mt-3">
                {t.held}
              </p>
            )}
            {data.provider === 'test' ? <TestBankForm /> : <StripeSetUp account={data} />}
          </div>
        )}
      </QueryView>
    </PageSection>
  );
}
