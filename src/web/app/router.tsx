import { createBrowserRouter } from 'react-router';
import { HomePage } from '../features/home/home-page.tsx';
import { Layout } from './layout.tsx';

/** Every page; all but Home load their code when first visited. */
export const router = createBrowserRouter([
  {
    path: '/',
    Component: Layout,
    children: [
      { index: true, Component: HomePage },
      {
        path: 'blogs',
        lazy: () => import('../features/blogs/blogs-page.tsx').then((m) => ({ Component: m.BlogsPage })),
      },
      {
        path: 'about',
        lazy: () => import('../features/about/about-page.tsx').then((m) => ({ Component: m.AboutPage })),
      },
      {
        path: 'login',
        lazy: () => import('../features/auth/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: 'signup',
        lazy: () => import('../features/auth/signup-page.tsx').then((m) => ({ Component: m.SignupPage })),
      },
      {
        path: 'categoryBooks/:name',
        lazy: () => import('../features/books/category-page.tsx').then((m) => ({ Component: m.CategoryPage })),
      },
      {
        path: 'dashboard/*',
        lazy: () =>
          import('../features/dashboard/dashboard-routes.tsx').then((m) => ({ Component: m.DashboardRoutes })),
      },
      {
        path: '*',
        lazy: () => import('../features/not-found/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
]);
