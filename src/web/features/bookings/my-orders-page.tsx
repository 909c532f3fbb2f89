import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import { formatMoney } from '#shared/money.ts';
import { orderName } from '#shared/order-name.ts';
import type { BookingItem } from '#shared/schemas/booking.ts';
import { useConfirmRemoval } from '#web/components/confirm-removal.tsx';
import { PageSection } from '#web/components/page-section.tsx';
import { PagedList } from '#web/components/paged-list.tsx';
import { usePaging } from '#web/components/paging.ts';
import { OrderBundleBooks } from '#web/features/bundles/bundles.public.ts';
import { ConversationLink } from '#web/features/conversations/conversations.public.ts';
import { ApiError } from '#web/lib/api.ts';
import { authClient } from '#web/lib/auth-client.ts';
import { formatDateTime } from '#web/lib/date-time.ts';
import { useCurrentUser } from '#web/lib/use-current-user.ts';
import { ordersPageSize, useMyOrders } from './api/get-my-orders.ts';
import { isDeletable, OrderStatus } from './order-status.tsx';
import { SellerToMeet } from './seller-to-meet.tsx';
import { useDeleteOrder } from './use-orders.ts';

const m = texts.orders;

/** When the list answers 401 or 403 the session is no good any more, so the user is signed out. */
function useSignOutOnRefusal(error: Error | null) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 403)) return;
    authClient
      .signOut()
      .catch((failure) => console.error(failure))
      .finally(() => {
        queryClient.clear();
        navigate('/login', { replace: true, state: { from: location } });
      });
  }, [error, navigate, location, queryClient]);
}

/** On a narrow screen each row is a card, its cells labelled by these (the column headings are off screen). */
function NarrowLabel({ children }: { children: string }) {
  return <span className="block text-xs text-base-content/70 md:hidden">{children}</span>;
}

const narrowCell = 'max-md:border-0 max-md:p-0';

function OrderRow({ order, onDelete }: { order: BookingItem; onDelete: () => void }) {
  return (
    <tr
      data-testid="order"
      className="max-md:grid max-md:grid-cols-2 max-md:items-start max-md:gap-x-4 max-md:gap-y-3 max-md:border-b max-md:border-base-content/10 max-md:py-4 max-md:last:border-b-0"
    >
      <td className={`${narrowCell} max-md:col-span-2`}>
        <div className="flex items-center gap-3">
          <img
            src={order.thumbnail}
            alt=""
            width={40}
            height={60}
            className="h-15 w-10 shrink-0 rounded object-cover"
          />
          <div className="min-w-0">
            <Link to={`/books/${order.bookId}`} className="link link-hover font-medium break-words">
              <bdi>{orderName(order)}</bdi>
            </Link>
            <p className="text-xs text-base-content/70">
              {m.orderNumber({ number: order.orderNumber, when: formatDateTime(order.bookedAt) })}
            </p>
          </div>
        </div>
        <OrderBundleBooks bundle={order.bundle} currency={order.currency} />
        {order.seller && <SellerToMeet seller={order.seller} />}
        <ConversationLink bookId={order.bookId} label={texts.conversations.talkToSeller} />
      </td>
      <td className={`${narrowCell} whitespace-nowrap`}>
        <NarrowLabel>{m.price}</NarrowLabel>
        {formatMoney(order.price, order.currency)}
      </td>
      <td className={`${narrowCell} whitespace-nowrap`}>
        <NarrowLabel>{order.seller ? m.yourPhone : m.contact}</NarrowLabel>
        {order.contact}
      </td>
      <td className={`${narrowCell} max-md:col-span-2 break-words`}>
        <NarrowLabel>{m.meetingPlace}</NarrowLabel>
        {order.meetinglocation || <span className="text-base-content/70">{m.noPlace}</span>}
      </td>
      <td className={narrowCell}>
        <OrderStatus order={order} />
      </td>
      <td className={`${narrowCell} max-md:justify-self-end`}>
        {isDeletable(order) && (
          <button
            type="button"
            className="btn btn-ghost btn-sm text-error"
            aria-label={m.deleteOrder({ book: orderName(order) })}
            onClick={onDelete}
          >
            {m.delete}
          </button>
        )}
      </td>
    </tr>
  );
}

export function MyOrdersPage() {
  const { user } = useCurrentUser();
  const paging = usePaging(ordersPageSize);
  const orders = useMyOrders(user?.email ?? '', paging.page);
  const deleting = useConfirmRemoval(useDeleteOrder(), {
    title: texts.dashboard.confirmDelete,
    confirmLabel: m.delete,
  });
  useSignOutOnRefusal(orders.error);

  return (
    <PageSection title={texts.dashboard.myOrders}>
      <PagedList query={orders} {...paging} empty={m.empty}>
        {(items) => (
          <div className="overflow-x-auto">
            <table className="table max-md:block">
              <thead className="max-md:sr-only">
                <tr>
                  <th>{m.book}</th>
                  <th>{m.price}</th>
                  <th>{m.contact}</th>
                  <th>{m.meetingPlace}</th>
                  <th>{m.payment}</th>
                  <th>
                    <span className="sr-only">{m.actions}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="max-md:block">
                {items.map((order) => (
                  <OrderRow key={order._id} order={order} onDelete={() => deleting.ask(order)} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedList>
      {deleting.dialog}
    </PageSection>
  );
}
