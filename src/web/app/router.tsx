import type { ComponentType } from 'react';
import { matchRoutes, type RouteObject, useLocation, useParams, useRoutes, useSearchParams } from 'react-router';
import { pathWithoutLocale } from '#shared/i18n/locales.ts';
import { HomePage } from '#web/features/home/home-page.tsx';
import { afterArticleTexts, afterPageTexts } from '#web/lib/text-source.ts';
import type { PageAddress, PageLoader } from './ensure-query.ts';
import { Layout } from './layout.tsx';
import { lazyPageCode, PageErrorBoundary } from './lazy-pages.tsx';

/** A lazy page's route `handle`: loads its code and starts its data, ahead of its first render. */
interface LazyPageHandle {
  ready: (address: PageAddress) => Promise<unknown>;
}

/**
 * A page at `path` whose code loads when first visited. With a loader, the page's data starts loading as soon as the
 * address matches, beside the page's code: the loader runs while the route is drawn, once per visit, since its page
 * cannot draw (and so run an effect) before its code is in.
 */
function lazyPage(path: string, load: () => Promise<ComponentType>, loader?: () => Promise<PageLoader>): RouteObject {
  const page = lazyPageCode(afterPageTexts(load));
  const loadLoader = loader && afterPageTexts(loader);
  const start = (address: PageAddress) => loadLoader?.().then((run) => run(address));
  const handle: LazyPageHandle = { ready: (address) => Promise.all([page.load(), start(address)]) };
  if (!loader) return { path, element: page.element, handle };
  let startedFor: string | undefined;
  function PageWithItsData() {
    const { key } = useLocation();
    const params = useParams();
    const [searchParams] = useSearchParams();
    if (startedFor !== key) {
      startedFor = key;
      start({ params, searchParams });
    }
    return page.element;
  }
  return { path, element: <PageWithItsData />, handle };
}

/** A lazy page showing one of the long articles, whose texts load with it. */
function articlePage(path: string, load: () => Promise<ComponentType>): RouteObject {
  const page = lazyPageCode(afterArticleTexts(load));
  const handle: LazyPageHandle = { ready: page.load };
  return { path, element: page.element, handle };
}

/**
 * Every page; all but Home load their code when first visited. A page whose data depends only on its address has a
 * loader beside it (`<page>-loader.ts`, ensureQuery) that ensures that data from the query options its hooks use,
 * so the data does not wait for the page's code.
 */
const pages: RouteObject[] = [
  // Home draws at once: the server preloads its two API answers with the page (server/http/web-app-pages.ts).
  { index: true, element: <HomePage /> },
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
  lazyPage('dashboard/*', () => import('./dashboard-routes.tsx').then((m) => m.DashboardRoutes)),
  lazyPage('*', () => import('#web/features/not-found/not-found-page.tsx').then((m) => m.NotFoundPage)),
];

const routes: RouteObject[] = [{ path: '/', element: <Layout />, children: pages }];

/**
 * The store's routes. The dashboard's pages come with its code (app/dashboard-routes.tsx), so that Home's script does
 * not carry them. A page in another language than English is under its code (`/es/books/…`): the router's basename
 * (app.tsx) keeps every link in it.
 */
export function StoreRoutes() {
  const drawn = useRoutes(routes);
  // The layout itself failing shows the error page alone.
  return <PageErrorBoundary pathname={useLocation().pathname}>{drawn}</PageErrorBoundary>;
}

/**
 * Loads the code of the page at `location`, and starts its data, so that the app's first render draws that page
 * in place of the server's first view, without a spinner between them. A page whose code fails to load shows the
 * error page once drawn.
 */
export async function firstPageReady(location: Pick<Location, 'pathname' | 'search'>): Promise<void> {
  const leaf = matchRoutes(routes, pathWithoutLocale(location.pathname))?.at(-1);
  const handle = leaf?.route.handle as LazyPageHandle | undefined;
  await handle?.ready({ params: leaf!.params, searchParams: new URLSearchParams(location.search) }).catch(() => {});
}
