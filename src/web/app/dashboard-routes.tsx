import type { RouteObject } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import { DashboardHome } from '#web/features/dashboard/dashboard-home.tsx';
import type { RouteAccess } from './guards.tsx';

// The router imports this one module for the dashboard: its layout route's component and its pages.
export { GuardedDashboardLayout } from '#web/features/dashboard/dashboard-layout.tsx';

const why = texts.auth.signInFor;
const only = (roles: NonNullable<RouteAccess['roles']>, reason: string): RouteAccess => ({ roles, reason });

/**
 * The dashboard's pages, under its layout route (app/router.tsx), which lets in signed-in users only and, on a
 * page that declares roles in its `handle`, only those roles (the specification's route table).
 */
export const dashboardPages: RouteObject[] = [
  { index: true, Component: DashboardHome },
  {
    path: 'profile',
    handle: { reason: why.profile } satisfies RouteAccess,
    lazy: () => import('#web/features/users/profile-page.tsx').then((m) => ({ Component: m.ProfilePage })),
  },
  {
    path: 'allusers',
    handle: only(['Admin'], why.admin),
    lazy: () =>
      import('#web/features/users/users-page.tsx').then(({ UsersPage }) => ({ element: <UsersPage filter="all" /> })),
  },
  {
    path: 'allbuyers',
    handle: only(['Admin'], why.admin),
    lazy: () =>
      import('#web/features/users/users-page.tsx').then(({ UsersPage }) => ({
        element: <UsersPage filter="buyers" />,
      })),
  },
  {
    path: 'allsellers',
    handle: only(['Admin'], why.admin),
    lazy: () =>
      import('#web/features/users/users-page.tsx').then(({ UsersPage }) => ({
        element: <UsersPage filter="sellers" />,
      })),
  },
  {
    path: 'reportedItem',
    handle: only(['Admin'], why.admin),
    lazy: () =>
      import('#web/features/reports/reported-items-page.tsx').then((m) => ({ Component: m.ReportedItemsPage })),
  },
  {
    path: 'addsell',
    handle: only(['Seller'], why.addBook),
    lazy: () => import('#web/features/books/add-book-page.tsx').then((m) => ({ Component: m.AddBookPage })),
  },
  {
    path: 'editBook/:id',
    handle: only(['Seller'], why.myProducts),
    lazy: () => import('#web/features/books/edit-book-page.tsx').then((m) => ({ Component: m.EditBookPage })),
  },
  {
    path: 'shelf',
    handle: only(['Seller'], why.addBook),
    lazy: () => import('#web/features/shelf/shelf-import-page.tsx').then((m) => ({ Component: m.ShelfImportPage })),
  },
  {
    path: 'drafts',
    handle: only(['Seller'], why.addBook),
    lazy: () => import('#web/features/shelf/drafts-page.tsx').then((m) => ({ Component: m.DraftsPage })),
  },
  {
    path: 'myProducts',
    handle: only(['Seller'], why.myProducts),
    lazy: () => import('#web/features/books/my-products-page.tsx').then((m) => ({ Component: m.MyProductsPage })),
  },
  {
    path: 'get-paid',
    handle: only(['Seller'], why.myProducts),
    lazy: () => import('#web/features/payouts/get-paid-page.tsx').then((m) => ({ Component: m.GetPaidPage })),
  },
  {
    path: 'earnings',
    handle: only(['Seller'], why.myProducts),
    lazy: () => import('#web/features/payouts/earnings-page.tsx').then((m) => ({ Component: m.EarningsPage })),
  },
  {
    path: 'payouts',
    handle: only(['Admin'], why.admin),
    lazy: () => import('#web/features/payouts/payouts-admin-page.tsx').then((m) => ({ Component: m.PayoutsAdminPage })),
  },
  {
    path: 'wishList',
    // Anyone signed in may buy (PRODUCT §13): My Orders serves everyone who booked, sellers and admins too.
    handle: { reason: why.orders } satisfies RouteAccess,
    lazy: () => import('#web/features/bookings/my-orders-page.tsx').then((m) => ({ Component: m.MyOrdersPage })),
  },
  {
    path: 'wanted',
    handle: { reason: why.wanted } satisfies RouteAccess,
    lazy: () => import('#web/features/wanted/wanted-page.tsx').then((m) => ({ Component: m.WantedPage })),
  },
  {
    path: 'notifications',
    handle: { reason: why.notifications } satisfies RouteAccess,
    lazy: () => import('#web/features/wanted/notifications-page.tsx').then((m) => ({ Component: m.NotificationsPage })),
  },
  {
    path: 'messages',
    handle: { reason: why.messages } satisfies RouteAccess,
    lazy: () => import('#web/features/conversations/messages-page.tsx').then((m) => ({ Component: m.MessagesPage })),
  },
  {
    path: 'messages/open',
    handle: { reason: why.messages } satisfies RouteAccess,
    lazy: () =>
      import('#web/features/conversations/open-conversation-page.tsx').then((m) => ({
        Component: m.OpenConversationPage,
      })),
  },
  {
    path: 'messages/:id',
    handle: { reason: why.messages } satisfies RouteAccess,
    lazy: () =>
      import('#web/features/conversations/conversation-page.tsx').then((m) => ({ Component: m.ConversationPage })),
  },
  {
    path: 'payment/:id',
    handle: { reason: why.payment } satisfies RouteAccess,
    lazy: () => import('#web/features/payments/payment-page.tsx').then((m) => ({ Component: m.PaymentPage })),
  },
  { path: '*', element: <h1 className="text-xl">{texts.dashboard.routeNotFound}</h1> },
];
