import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunction, type RouteObject } from 'react-router';
import { localeOfPath, localizedPath, pathWithoutLocale } from '#shared/i18n/locales.ts';
import { Spinner } from '#web/components/spinner.tsx';
import { HomePage } from '#web/features/home/home-page.tsx';
import { afterArticleTexts, afterPageTexts } from '#web/lib/text-source.ts';
import { Layout } from './layout.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

/** A page at `path` whose code loads when first visited, and its loader beside it when it has one. */
function lazyPage(
  path: string,
  Component: () => Promise<ComponentType>,
  loader?: () => Promise<LoaderFunction>,
): RouteObject {
  const lazy = { Component: afterPageTexts(Component) };
  return { path, lazy: loader ? { ...lazy, loader: afterPageTexts(loader) } : lazy };
}

/** A lazy page showing one of the long articles, whose texts load with it. */
function articlePage(path: string, Component: () => Promise<ComponentType>): RouteObject {
  return { path, lazy: { Component: afterArticleTexts(Component) } };
}

/**
 * Every page; all but Home load their code when first visited. A page whose data depends only on its address has a
 * loader beside it (`<page>-loader.ts`, ensureQuery) that ensures that data from the query options its hooks use;
 * the router loads the loader and the page's code side by side, so the data does not wait for the page's code.
 */
const pages: RouteObject[] = [
  // Home draws at once: the server preloads its two API answers with the page (server/http/web-app-pages.ts).
  { index: true, Component: HomePage },
  articlePage('blogs', () => import('#web/features/blogs/blogs-page.tsx').then((m) => m.BlogsPage)),
  articlePage('about', () => import('#web/features/about/about-page.tsx').then((m) => m.AboutPage)),
  articlePage('help/:topic', () => import('#web/features/help/help-page.tsx').then((m) => m.HelpPage)),
  lazyPage(
    'login',
    () => import('#web/features/auth/login-page.tsx').then((m) => m.LoginPage),
    () => import('#web/features/auth/login-page-loader.ts').then((m) => m.loginPageLoader),
  ),
  lazyPage('signup', () => import('#web/features/auth/signup-page.tsx').then((m) => m.SignupPage)),
  lazyPage('forgot-password', () =>
    import('#web/features/auth/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage),
  ),
  lazyPage('reset-password', () =>
    import('#web/features/auth/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
  ),
  lazyPage('email-confirmed', () =>
    import('#web/features/auth/email-confirmed-page.tsx').then((m) => m.EmailConfirmedPage),
  ),
  lazyPage('unsubscribe', () => import('#web/features/mail/unsubscribe-page.tsx').then((m) => m.UnsubscribePage)),
  lazyPage(
    'categoryBooks/:name',
    () => import('#web/features/books/category-page.tsx').then((m) => m.CategoryPage),
    () => import('#web/features/books/category-page-loader.ts').then((m) => m.categoryPageLoader),
  ),
  lazyPage(
    'search',
    () => import('#web/features/search/search-page.tsx').then((m) => m.SearchPage),
    () => import('#web/features/search/search-page-loader.ts').then((m) => m.searchPageLoader),
  ),
  lazyPage(
    'books/:id',
    () => import('#web/features/books/book-page.tsx').then((m) => m.BookPage),
    () => import('#web/features/books/book-page-loader.ts').then((m) => m.bookPageLoader),
  ),
  lazyPage(
    'sellers/:id',
    () => import('#web/features/reviews/seller-page.tsx').then((m) => m.SellerPage),
    () => import('#web/features/reviews/seller-page-loader.ts').then((m) => m.sellerPageLoader),
  ),
  lazyPage('bundle', () => import('#web/features/bundles/bundle-page.tsx').then((m) => m.BundlePage)),
  lazyPage('*', () => import('#web/features/not-found/not-found-page.tsx').then((m) => m.NotFoundPage)),
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
    // A page in another language than English is under its code (`/es/books/…`): every link stays in it.
    basename: localizedPath(localeOfPath(window.location.pathname), '/'),
    // The dashboard's routes come with its code (app/dashboard-routes.tsx), so that Home's script
    // does not carry them: the router adds them on the way to a dashboard page, which until then only the 404
    // page's catch-all matches.
    async patchRoutesOnNavigation({ path, patch }) {
      // The path it is given keeps the language's prefix (`/es/dashboard/…`).
      if (!/^\/dashboard(\/|$)/.test(pathWithoutLocale(path))) return;
      const { GuardedDashboardLayout, dashboardPages } = await afterPageTexts(() => import('./dashboard-routes.tsx'))();
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
