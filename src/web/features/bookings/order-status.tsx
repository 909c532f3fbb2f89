import { Link } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import { orderName } from '#shared/order-name.ts';
import type { BookingItem } from '#shared/schemas/booking.ts';
import { PaidOrderStatus } from '#web/features/handovers/handovers.public.ts';
import { ReviewButton } from '#web/features/reviews/reviews.public.ts';
import { formatDateTime } from '#web/lib/date-time.ts';

const m = texts.orders;

/** Whether the buyer may still delete an order: no money is tied to it (the server refuses the rest). */
export const isDeletable = (order: BookingItem) =>
  order.status === null || order.status === 'Expired' || order.status === 'Cancelled';

/** How an order stands, in the Payment column: the Pay link and its deadline, or what became of it. */
export function OrderStatus({ order }: { order: BookingItem }) {
  switch (order.status) {
    case null:
      return (
        <div className="flex flex-col items-start gap-1">
          <Link
            to={`/dashboard/payment/${order._id}`}
            className="btn btn-primary btn-sm"
            aria-label={m.payFor({ book: orderName(order) })}
          >
            {texts.dashboard.pay}
          </Link>
          <time dateTime={order.holdUntil} className="text-xs text-base-content/70 md:whitespace-nowrap">
            {m.payBy({ when: formatDateTime(order.holdUntil) })}
          </time>
        </div>
      );
    case 'Paid':
      return (
        <div className="flex flex-col items-start gap-2">
          <PaidOrderStatus order={order} />
          <ReviewButton bookingId={order._id} bookName={orderName(order)} />
        </div>
      );
    case 'Expired':
      return <Ended badge="badge-warning" label={m.expired} note={m.expiredNote} />;
    case 'Cancelled':
      return (
        <Ended
          badge="badge-error"
          label={m.cancelled}
          note={order.endReason ? m.cancelledReason({ reason: order.endReason }) : null}
        />
      );
    case 'Refunded':
      return (
        <Ended
          badge="badge-info"
          label={m.refunded}
          note={order.handover ? texts.handover.refundedNote : m.refundedNote}
        />
      );
  }
}

function Ended({ badge, label, note }: { badge: string; label: string; note: string | null }) {
  return (
    <div className="flex max-w-56 flex-col items-start gap-1">
      <span className={`badge ${badge}`}>{label}</span>
      {note && <p className="text-xs break-words whitespace-normal text-base-content/80">{note}</p>}
    </div>
  );
}
