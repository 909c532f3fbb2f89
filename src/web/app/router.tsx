import { createBrowserRouter, type RouteObject } from 'react-router';
import { Spinner } from '../components/spinner.tsx';
import { authProvidersQueryOptions } from '../features/auth/api/get-auth-providers.ts';
import { bookQueryOptions } from '../features/books/api/get-book.ts';
import { categoryBooksQueryOptions } from '../features/books/api/get-category-books.ts';
import { relatedBooksQueryOptions } from '../features/books/api/get-related-books.ts';
import { HomePage } from '../features/home/home-page.tsx';
import { searchResultsQueryOptions } from '../features/search/api/get-search-results.ts';
import { searchParamsOf } from '../features/search/search-params.ts';
import { pageFromSearch } from '../lib/page-param.ts';
import { Layout } from './layout.tsx';
import { queryClient } from './query-client.ts';
import { RouteErrorPage } from './route-error-page.tsx';

/**
 * A loader ensures its page's data (`queryClient.ensureQueryData` with the query options the page's hooks use: from
 * the cache, or fetched now, beside the page's code) and returns without waiting for it: the page shows loading,
 * empty and error states itself (QueryView), so a failed fetch is the page's to show, not the error element's.
 */
function withoutWaiting(...loads: Promise<unknown>[]) {
  for (const load of loads) load.catch(() => {});
  return null;
}

const searchOf = (request: Request) => new URL(request.url).searchParams;

/** Every page; all but Home load their code when first visited. */
const pages: RouteObject[] = [
  // Home draws at once: the server preloads its two API answers with the page (server/http/web-app-pages.ts).
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
    loader: () => withoutWaiting(queryClient.ensureQueryData(authProvidersQueryOptions())),
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
    loader: ({ params, request }) =>
      withoutWaiting(
        queryClient.ensureQueryData(categoryBooksQueryOptions(params.name ?? '', pageFromSearch(searchOf(request)))),
      ),
    lazy: () => import('../features/books/category-page.tsx').then((m) => ({ Component: m.CategoryPage })),
  },
  {
    path: 'search',
    loader: ({ request }) =>
      withoutWaiting(queryClient.ensureQueryData(searchResultsQueryOptions(searchParamsOf(searchOf(request))))),
    lazy: () => import('../features/search/search-page.tsx').then((m) => ({ Component: m.SearchPage })),
  },
  {
    path: 'books/:id',
    loader: ({ params }) =>
      withoutWaiting(
        queryClient.ensureQueryData(bookQueryOptions(params.id ?? '')),
        queryClient.ensureQueryData(relatedBooksQueryOptions(params.id ?? '')),
      ),
    lazy: () => import('../features/books/book-page.tsx').then((m) => ({ Component: m.BookPage })),
  },
  {
    path: '*',
    lazy: () => import('../features/not-found/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage })),
  },
];

/** A route whose page fails to show renders the error page in its place, inside the layout. */
function withErrorElement(route: RouteObject): RouteObject {
  return { ErrorBoundary: RouteErrorPage, ...route };
}

export const router = createBrowserRouter(
  [
    {
      id: 'root',
      path: '/',
      Component: Layout,
      ErrorBoundary: RouteErrorPage,
      // While a page's code loads on the first visit, the layout shows at once with a spinner in its place.
      children: pages.map((page) => withErrorElement(page.lazy ? { HydrateFallback: Spinner, ...page } : page)),
    },
  ],
  {
    // The dashboard's routes come with its code (features/dashboard/dashboard-routes.tsx), so that Home's script
    // does not carry them: the router adds them on the way to a dashboard page, which until then only the 404
    // page's catch-all matches.
    async patchRoutesOnNavigation({ path, patch }) {
      if (!/^\/dashboard(\/|$)/.test(path)) return;
      const { GuardedDashboardLayout, dashboardPages } = await import('../features/dashboard/dashboard-routes.tsx');
      patch('root', [
        withErrorElement({
          id: 'dashboard',
          path: 'dashboard',
          Component: GuardedDashboardLayout,
          children: dashboardPages.map(withErrorElement),
        }),
      ]);
    },
  },
);
