import { lazy, Suspense, useState } from 'react';
import { toast } from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import { formatMoney } from '#shared/money.ts';
import type { BookingItem } from '#shared/schemas/booking.ts';
import { QueryView } from '#web/components/query-view.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { ErrorState } from '#web/components/states.tsx';
import { SellerToMeet, useBooking } from '#web/features/bookings/bookings.public.ts';
import { OrderBundleBooks } from '#web/features/bundles/bundles.public.ts';
import { PaidOrderStatus } from '#web/features/handovers/handovers.public.ts';
import { ApiError } from '#web/lib/api.ts';
import { useCurrentUser } from '#web/lib/use-current-user.ts';
import { usePaymentIntent } from './api/get-payment-intent.ts';
import { TestCardForm } from './test-card-form.tsx';
import { useRecordPayment } from './use-payment.ts';

const m = texts.payment;

// Stripe's libraries are only downloaded when a payment page with Stripe configured opens.
const StripeCardForm = lazy(() => import('./stripe-card-form.tsx').then((mod) => ({ default: mod.StripeCardForm })));

/**
 * A paid order's confirmation: the specification's words and the transaction when it was just paid, then what
 * comes next: the handover code, whom to meet and how, and the way back to My Orders.
 */
function PaidOrder({ order, transactionId }: { order: BookingItem; transactionId: string | null }) {
  return (
    <div className="space-y-6" data-testid="paid-order">
      {transactionId ? (
        <div role="status" className="rounded-box border border-success/40 bg-success/10 p-4">
          <p className="font-semibold">{m.success}</p>
          <p className="mt-1 font-mono text-xs [overflow-wrap:anywhere]">{m.transactionId({ id: transactionId })}</p>
        </div>
      ) : (
        <p className="alert alert-info alert-soft">{m.alreadyPaid}</p>
      )}
      {order.status === 'Paid' && (
        <section aria-labelledby="next-heading" className="space-y-3">
          <h2 id="next-heading" className="text-xl font-semibold">
            {m.nextHeading}
          </h2>
          <PaidOrderStatus order={order} />
          {order.seller && <SellerToMeet seller={order.seller} />}
          <ol className="list-decimal space-y-1 ps-5">
            {m.nextSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
      )}
      <Link to="/dashboard/wishList" className="btn">
        {m.backToOrders}
      </Link>
    </div>
  );
}

function Checkout({ order }: { order: BookingItem }) {
  const { user } = useCurrentUser();
  const intent = usePaymentIntent(order._id, order.status !== 'Paid');
  const record = useRecordPayment();
  const [transactionId, setTransactionId] = useState<string | null>(null);

  async function onConfirmed(confirmedId: string) {
    await record.mutateAsync({
      bookingId: order._id,
      transactionId: confirmedId,
      price: order.price,
      email: order.email,
    });
    setTransactionId(confirmedId);
    toast.success(texts.alert.paymentSuccessful);
  }

  if (transactionId || order.status === 'Paid') return <PaidOrder order={order} transactionId={transactionId} />;
  if (intent.isError) {
    // 409: the order ended (expired, cancelled) or its book was hidden by reports; trying again cannot help.
    if (intent.error instanceof ApiError && intent.error.status === 409) {
      return (
        <div role="alert" className="alert alert-warning alert-soft">
          <div className="space-y-1">
            <p className="font-semibold">{m.cannotPay}</p>
            <p>{intent.error.message}</p>
            <Link to="/dashboard/wishList" className="link">
              {m.backToOrders}
            </Link>
          </div>
        </div>
      );
    }
    return <ErrorState error={intent.error} onRetry={() => intent.refetch()} />;
  }
  if (intent.isPending) return <Spinner label={m.preparing} />;

  const props = {
    intent: intent.data,
    payer: { email: user?.email ?? order.email, name: user?.displayName ?? '' },
    onConfirmed,
  };
  return (
    <>
      {intent.data.testMode && (
        <p className="alert alert-warning alert-soft mb-6" data-testid="test-mode">
          {m.testMode}
        </p>
      )}
      {intent.data.provider === 'stripe' ? (
        <Suspense fallback={<Spinner label={m.preparing} />}>
          <StripeCardForm {...props} />
        </Suspense>
      ) : (
        <TestCardForm {...props} />
      )}
    </>
  );
}

/** What the order asks to be paid, its price written in the page's language. */
function PleasePay({ order }: { order: BookingItem }) {
  const price = formatMoney(order.price, order.currency);
  return order.bundle ? texts.bundles.pleasePay({ price, count: order.bundle.books.length }) : m.pleasePay({ price });
}

export function PaymentPage() {
  const { id = '' } = useParams();
  const order = useBooking(id);
  return (
    <section aria-labelledby="payment-heading" className="max-w-2xl">
      <QueryView query={order}>
        {(item) => (
          <>
            <h1 id="payment-heading" className="text-2xl font-bold">
              {item.bundle
                ? texts.bundles.paymentFor({ count: item.bundle.books.length })
                : m.paymentFor({ book: item.bookName })}
            </h1>
            {item.status !== 'Paid' && (
              <p className="mt-2 text-lg">
                <PleasePay order={item} />
              </p>
            )}
            <OrderBundleBooks bundle={item.bundle} currency={item.currency} />
            <div className="mt-6">
              <Checkout order={item} />
            </div>
          </>
        )}
      </QueryView>
    </section>
  );
}
