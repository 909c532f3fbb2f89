import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { messages } from '../../../shared/messages.ts';
import { RequireAuth } from '../../app/guards.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { DashboardHome } from './dashboard-home.tsx';
import { DashboardLayout } from './dashboard-layout.tsx';

const UsersPage = lazy(() => import('../users/users-page.tsx').then((m) => ({ default: m.UsersPage })));
const ProfilePage = lazy(() => import('../users/profile-page.tsx').then((m) => ({ default: m.ProfilePage })));
const ReportedItemsPage = lazy(() =>
  import('../reports/reported-items-page.tsx').then((m) => ({ default: m.ReportedItemsPage })),
);
const AddBookPage = lazy(() => import('../books/add-book-page.tsx').then((m) => ({ default: m.AddBookPage })));
const MyProductsPage = lazy(() => import('../books/my-products-page.tsx').then((m) => ({ default: m.MyProductsPage })));
const MyOrdersPage = lazy(() => import('../bookings/my-orders-page.tsx').then((m) => ({ default: m.MyOrdersPage })));
const PaymentPage = lazy(() => import('../payments/payment-page.tsx').then((m) => ({ default: m.PaymentPage })));

/** The dashboard's pages, each behind the role the specification's route table names. */
export function DashboardRoutes() {
  return (
    <RequireAuth>
      <Suspense fallback={<Spinner />}>
        <Routes>
          <Route element={<DashboardLayout />}>
            <Route index element={<DashboardHome />} />
            <Route path="profile" element={<ProfilePage />} />
            <Route
              path="allusers"
              element={
                <RequireAuth roles={['Admin']}>
                  <UsersPage filter="all" />
                </RequireAuth>
              }
            />
            <Route
              path="allbuyers"
              element={
                <RequireAuth roles={['Admin']}>
                  <UsersPage filter="buyers" />
                </RequireAuth>
              }
            />
            <Route
              path="allsellers"
              element={
                <RequireAuth roles={['Admin']}>
                  <UsersPage filter="sellers" />
                </RequireAuth>
              }
            />
            <Route
              path="reportedItem"
              element={
                <RequireAuth roles={['Admin']}>
                  <ReportedItemsPage />
                </RequireAuth>
              }
            />
            <Route
              path="addsell"
              element={
                <RequireAuth roles={['Seller']}>
                  <AddBookPage />
                </RequireAuth>
              }
            />
            <Route
              path="myProducts"
              element={
                <RequireAuth roles={['Seller']}>
                  <MyProductsPage />
                </RequireAuth>
              }
            />
            <Route
              path="wishList"
              element={
                <RequireAuth roles={['Buyer']}>
                  <MyOrdersPage />
                </RequireAuth>
              }
            />
            <Route path="payment/:id" element={<PaymentPage />} />
            <Route path="*" element={<h1 className="text-xl">{messages.dashboard.routeNotFound}</h1>} />
          </Route>
        </Routes>
      </Suspense>
    </RequireAuth>
  );
}
