import { type RouteObject, useRoutes } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import { DashboardHome } from '#web/features/dashboard/dashboard-home.tsx';
import { GuardedDashboardLayout } from '#web/features/dashboard/dashboard-layout.tsx';
import { type RouteAccess, useRouteAccess } from './guards.tsx';
import { lazyElement } from './lazy-pages.tsx';

const why = texts.auth.signInFor;
const only = (roles: NonNullable<RouteAccess['roles']>, reason: string): RouteAccess => ({ roles, reason });

/**
 * The dashboard's pages, under its layout, which lets in signed-in users only and, on a page that declares roles in
 * its `handle`, only those roles (the specification's route table).
 */
const dashboardPages: RouteObject[] = [
  { index: true, element: <DashboardHome /> },
  {
    path: 'profile',
    handle: { reason: why.profile } satisfies RouteAccess,
    element: lazyElement(() => import('#web/features/users/profile-page.tsx').then((m) => m.ProfilePage)),
  },
  {
    path: 'allusers',
    handle: only(['Admin'], why.admin),
    element: lazyElement(() =>
      import('#web/features/users/users-page.tsx').then(({ UsersPage }) => () => <UsersPage filter="all" />),
    ),
  },
  {
    path: 'allbuyers',
    handle: only(['Admin'], why.admin),
    element: lazyElement(() =>
      import('#web/features/users/users-page.tsx').then(({ UsersPage }) => () => <UsersPage filter="buyers" />),
    ),
  },
  {
    path: 'allsellers',
    handle: only(['Admin'], why.admin),
    element: lazyElement(() =>
      import('#web/features/users/users-page.tsx').then(({ UsersPage }) => () => <UsersPage filter="sellers" />),
    ),
  },
  {
    path: 'reportedItem',
    handle: only(['Admin'], why.admin),
    element: lazyElement(() =>
      import('#web/features/reports/reported-items-page.tsx').then((m) => m.ReportedItemsPage),
    ),
  },
  {
    path: 'addsell',
    handle: only(['Seller'], why.addBook),
    element: lazyElement(() => import('#web/features/books/add-book-page.tsx').then((m) => m.AddBookPage)),
  },
  {
    path: 'editBook/:id',
    handle: only(['Seller'], why.myProducts),
    element: lazyElement(() => import('#web/features/books/edit-book-page.tsx').then((m) => m.EditBookPage)),
  },
  {
    path: 'shelf',
    handle: only(['Seller'], why.addBook),
    element: lazyElement(() => import('#web/features/shelf/shelf-import-page.tsx').then((m) => m.ShelfImportPage)),
  },
  {
    path: 'drafts',
    handle: only(['Seller'], why.addBook),
    element: lazyElement(() => import('#web/features/shelf/drafts-page.tsx').then((m) => m.DraftsPage)),
  },
  {
    path: 'myProducts',
    handle: only(['Seller'], why.myProducts),
    element: lazyElement(() => import('#web/features/books/my-products-page.tsx').then((m) => m.MyProductsPage)),
  },
  {
    path: 'get-paid',
    handle: only(['Seller'], why.myProducts),
    element: lazyElement(() => import('#web/features/payouts/get-paid-page.tsx').then((m) => m.GetPaidPage)),
  },
  {
    path: 'earnings',
    handle: only(['Seller'], why.myProducts),
    element: lazyElement(() => import('#web/features/payouts/earnings-page.tsx').then((m) => m.EarningsPage)),
  },
  {
    path: 'payouts',
    handle: only(['Admin'], why.admin),
    element: lazyElement(() => import('#web/features/payouts/payouts-admin-page.tsx').then((m) => m.PayoutsAdminPage)),
  },
  {
    path: 'wishList',
    // Anyone signed in may buy (PRODUCT §13): My Orders serves everyone who booked, sellers and admins too.
    handle: { reason: why.orders } satisfies RouteAccess,
    element: lazyElement(() => import('#web/features/bookings/my-orders-page.tsx').then((m) => m.MyOrdersPage)),
  },
  {
    path: 'wanted',
    handle: { reason: why.wanted } satisfies RouteAccess,
    element: lazyElement(() => import('#web/features/wanted/wanted-page.tsx').then((m) => m.WantedPage)),
  },
  {
    path: 'notifications',
    handle: { reason: why.notifications } satisfies RouteAccess,
    element: lazyElement(() => import('#web/features/wanted/notifications-page.tsx').then((m) => m.NotificationsPage)),
  },
  {
    path: 'messages',
    handle: { reason: why.messages } satisfies RouteAccess,
    element: lazyElement(() => import('#web/features/conversations/messages-page.tsx').then((m) => m.MessagesPage)),
  },
  {
    path: 'messages/open',
    handle: { reason: why.messages } satisfies RouteAccess,
    element: lazyElement(() =>
      import('#web/features/conversations/open-conversation-page.tsx').then((m) => m.OpenConversationPage),
    ),
  },
  {
    path: 'messages/:id',
    handle: { reason: why.messages } satisfies RouteAccess,
    element: lazyElement(() =>
      import('#web/features/conversations/conversation-page.tsx').then((m) => m.ConversationPage),
    ),
  },
  {
    path: 'payment/:id',
    handle: { reason: why.payment } satisfies RouteAccess,
    element: lazyElement(() => import('#web/features/payments/payment-page.tsx').then((m) => m.PaymentPage)),
  },
  { path: '*', element: <h1 className="text-xl">{texts.dashboard.routeNotFound}</h1> },
];

/** The dashboard, under `/dashboard/` (app/router.tsx loads it with its code): its guarded layout around its pages. */
export function DashboardRoutes() {
  const access = useRouteAccess(dashboardPages, '/dashboard');
  return useRoutes([{ element: <GuardedDashboardLayout access={access} />, children: dashboardPages }]);
}
