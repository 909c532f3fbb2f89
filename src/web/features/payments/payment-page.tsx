import { lazy, Suspense, useState } from 'react';
import { toast } from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import { messages } from '#shared/messages.ts';
import { pageMessages } from '#shared/page-messages.ts';
import type { BookingItem } from '#shared/schemas/booking.ts';
import { QueryView } from '#web/components/query-view.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { ErrorState } from '#web/components/states.tsx';
import { useBooking } from '#web/features/bookings/bookings.public.ts';
import { ApiError } from '#web/lib/api.ts';
import { useCurrentUser } from '#web/lib/use-current-user.ts';
import { usePaymentIntent } from './api/get-payment-intent.ts';
import { TestCardForm } from './test-card-form.tsx';
import { useRecordPayment } from './use-payment.ts';

const m = pageMessages.payment;

// Stripe's libraries are only downloaded when a payment page with Stripe configured opens.
const StripeCardForm = lazy(() => import('./stripe-card-form.tsx').then((mod) => ({ default: mod.StripeCardForm })));

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
    toast.success(messages.alert.paymentSuccessful);
  }

  if (transactionId) {
    return (
      <div role="status" className="alert alert-success alert-soft flex-col items-start">
        <p className="font-semibold">{m.success}</p>
        <p className="font-mono text-sm break-all">{m.transactionId(transactionId)}</p>
        <Link to="/dashboard/wishList" className="link">
          {m.backToOrders}
        </Link>
      </div>
    );
  }
  if (order.status === 'Paid') {
    return (
      <p className="alert alert-info alert-soft">
        {m.alreadyPaid}{' '}
        <Link to="/dashboard/wishList" className="link">
          {m.backToOrders}
        </Link>
      </p>
    );
  }
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

export function PaymentPage() {
  const { id = '' } = useParams();
  const order = useBooking(id);
  return (
    <section aria-labelledby="payment-heading" className="max-w-2xl">
      <QueryView query={order}>
        {(item) => (
          <>
            <h1 id="payment-heading" className="text-2xl font-bold">
              {m.paymentFor(item.bookName)}
            </h1>
            <p className="mt-2 mb-6 text-lg">
              {m.pleasePay(item.price.toFixed(2))}
              {item.currency !== 'USD' && <span className="ml-2 text-sm">({m.inCurrency(item.currency)})</span>}
            </p>
            <Checkout order={item} />
          </>
        )}
      </QueryView>
    </section>
  );
}
