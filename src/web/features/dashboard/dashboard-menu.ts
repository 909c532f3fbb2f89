import type { Role } from '#shared/constants.ts';
import { messages } from '#shared/messages.ts';
import { pageMessages } from '#shared/page-messages.ts';

const { dashboard } = pageMessages;

/** The side menu's links for each role: what each kind of account may do in its dashboard. */
export const menuByRole: Record<Role, { to: string; label: string }[]> = {
  Admin: [
    { to: '/dashboard/allusers', label: dashboard.allUsers },
    { to: '/dashboard/allbuyers', label: dashboard.allBuyers },
    { to: '/dashboard/allsellers', label: dashboard.allSellers },
    { to: '/dashboard/reportedItem', label: dashboard.reportedItems },
  ],
  Seller: [
    { to: '/dashboard/addsell', label: dashboard.addSell },
    { to: '/dashboard/myProducts', label: dashboard.myProducts },
  ],
  Buyer: [{ to: '/dashboard/wishList', label: dashboard.myOrders }],
};

/** Links every signed-in person has, whatever their role. */
export const everyonesMenu = [
  { to: '/dashboard/wanted', label: pageMessages.wanted.heading },
  { to: '/dashboard/notifications', label: messages.notifications.heading },
];
