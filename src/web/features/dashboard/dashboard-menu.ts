import type { Role } from '#shared/constants.ts';
import { texts } from '#shared/i18n/texts.ts';
import { useMyOrders } from '#web/features/bookings/bookings.public.ts';
import type { CurrentUser } from '#web/lib/use-current-user.ts';

const { dashboard } = texts;

const myOrders = { to: '/dashboard/wishList', label: dashboard.myOrders };

/** The side menu's links for each role: what each kind of account may do in its dashboard. */
export const menuByRole: Record<Role, { to: string; label: string }[]> = {
  Admin: [
    { to: '/dashboard/allusers', label: dashboard.allUsers },
    { to: '/dashboard/allbuyers', label: dashboard.allBuyers },
    { to: '/dashboard/allsellers', label: dashboard.allSellers },
    { to: '/dashboard/reportedItem', label: dashboard.reportedItems },
    { to: '/dashboard/payouts', label: dashboard.payouts },
  ],
  Seller: [
    { to: '/dashboard/addsell', label: dashboard.addSell },
    { to: '/dashboard/shelf', label: dashboard.listShelf },
    { to: '/dashboard/drafts', label: dashboard.drafts },
    { to: '/dashboard/myProducts', label: dashboard.myProducts },
    { to: '/dashboard/get-paid', label: dashboard.getPaid },
    { to: '/dashboard/earnings', label: dashboard.earnings },
  ],
  Buyer: [myOrders],
};

/** Links every signed-in person has, whatever their role. */
export const everyonesMenu = [
  { to: '/dashboard/messages', label: texts.conversations.heading },
  { to: '/dashboard/wanted', label: texts.wanted.heading },
  { to: '/dashboard/notifications', label: texts.notifications.heading },
];

/**
 * The dashboard's links for `user`: those of each of their capabilities (an admin who sells has both), then My Orders for a seller or an admin who has booked something
 * (anyone signed in may buy; a buyer always has the link), then everyone's.
 */
export function useDashboardMenu(user: CurrentUser | null) {
  const buysAside = user !== null && user.role !== 'Buyer';
  const booked = useMyOrders(user?.email ?? '', 1, { enabled: buysAside });
  if (!user) return everyonesMenu;
  const orders = buysAside && (booked.data?.total ?? 0) > 0 ? [myOrders] : [];
  return [...user.capabilities.flatMap((role) => menuByRole[role]), ...orders, ...everyonesMenu];
}
