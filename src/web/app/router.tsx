import { createBrowserRouter, type RouteObject } from 'react-router';
import { Spinner } from '../components/spinner.tsx';
import { authProvidersQuery } from '../features/auth/providers-query.ts';
import { bookQuery, relatedBooksQuery } from '../features/books/book-queries.ts';
import { categoryBooksQuery } from '../features/books/category-books-query.ts';
import { HomePage } from '../features/home/home-page.tsx';
import { searchParamsOf, searchQuery } from '../features/search/search-query.ts';
import { pageFromSearch } from '../lib/page-param.ts';
import { Layout } from './layout.tsx';
import { queryClient } from './query-client.ts';

/** Starts a page's data while its code loads; the page itself shows loading and errors as usual. */
function prefetch(start: () => Promise<unknown>) {
  void start();
  return null;
}

/** Every page; all but Home load their code when first visited. */
const pages: RouteObject[] = [
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
    loader: () => prefetch(() => queryClient.prefetchQuery(authProvidersQuery)),
    lazy: () => import('../features/auth/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
  },
  {
    path: 'signup',
    lazy: () => import('../features/auth/signup-page.tsx').then((m) => ({ Component: m.SignupPage })),
  },
  {
    path: 'forgot-password',
    lazy: () => import('../features/auth/forgot-password-page.tsx').then((m) => ({ Component: m.ForgotPasswordPage })),
  },
  {
    path: 'reset-password',
    lazy: () => import('../features/auth/reset-password-page.tsx').then((m) => ({ Component: m.ResetPasswordPage })),
  },
  {
    path: 'email-confirmed',
    lazy: () => import('../features/auth/email-confirmed-page.tsx').then((m) => ({ Component: m.EmailConfirmedPage })),
  },
  {
    path: 'unsubscribe',
    lazy: () => import('../features/mail/unsubscribe-page.tsx').then((m) => ({ Component: m.UnsubscribePage })),
  },
  {
    path: 'categoryBooks/:name',
    loader: ({ params, request }) => {
      const page = pageFromSearch(new URL(request.url).searchParams);
      return prefetch(() => queryClient.prefetchQuery(categoryBooksQuery(params.name ?? '', page)));
    },
    lazy: () => import('../features/books/category-page.tsx').then((m) => ({ Component: m.CategoryPage })),
  },
  {
    path: 'search',
    loader: ({ request }) =>
      prefetch(() => queryClient.prefetchQuery(searchQuery(searchParamsOf(new URL(request.url).searchParams)))),
    lazy: () => import('../features/search/search-page.tsx').then((m) => ({ Component: m.SearchPage })),
  },
  {
    path: 'books/:id',
    loader: ({ params }) =>
      prefetch(() =>
        Promise.all([
          queryClient.prefetchQuery(bookQuery(params.id ?? '')),
          queryClient.prefetchQuery(relatedBooksQuery(params.id ?? '')),
        ]),
      ),
    lazy: () => import('../features/books/book-page.tsx').then((m) => ({ Component: m.BookPage })),
  },
  {
    path: 'dashboard/*',
    lazy: () => import('../features/dashboard/dashboard-routes.tsx').then((m) => ({ Component: m.DashboardRoutes })),
  },
  {
    path: '*',
    lazy: () => import('../features/not-found/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage })),
  },
];

export const router = createBrowserRouter([
  {
    path: '/',
    Component: Layout,
    // While a page's code loads on the first visit, the layout shows at once with a spinner in its place.
    children: pages.map((page) => (page.lazy ? { HydrateFallback: Spinner, ...page } : page)),
  },
]);
