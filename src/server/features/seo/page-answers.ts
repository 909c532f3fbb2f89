import path from 'node:path';
import type { AppDeps } from '#server/context.ts';
import { appBaseUrl } from '#server/env.ts';
import type { CachedAnswer } from '#server/http/cached-response.ts';
import { publicQueryKey } from '#server/http/public-list-keys.ts';
import { createWebAppPages, headElements, pageVary } from '#server/http/web-app-pages.ts';
import { localeOfPath, pathWithoutLocale } from '#shared/i18n/locales.ts';
import { inLocale } from '#shared/i18n/text-source.ts';
import { sellerReviewsPageSize } from '#shared/reviews.ts';
import { homeView, layoutView } from './first-views.ts';
import { describePage, describesPage, pageStatusHeader } from './page-heads.ts';
import { isPageLoad } from './page-loads.ts';

/** A page load's answer: the HTML, and its status when the page is missing or gone. */
export interface PageAnswer {
  answer: CachedAnswer;
  status: 200 | 404 | 410;
}

export type PageAnswers = ReturnType<typeof createPageAnswers>;

/**
 * The web app's page for each page load. Home and the pages without a head of their own are the page as built;
 * a book, category or search page gets its head from the catalogue, so it is cached as the catalogue's answers
 * are (ADR 007): a book page asks the database nothing while the catalogue is unchanged.
 */
export function createPageAnswers(deps: Pick<AppDeps, 'env' | 'publicQueries'>) {
  const webRoot = path.relative(process.cwd(), path.resolve(deps.env.WEB_ROOT));
  const baseUrl = appBaseUrl(deps.env);
  const webAppPages = createWebAppPages(webRoot, baseUrl, { layout: layoutView, home: homeView });

  return {
    webRoot,

    /** The page for `pathname` (as routed) with `query`; undefined while the web app is not built. */
    async answer(pathname: string, query: URLSearchParams): Promise<PageAnswer | undefined> {
      const page = webAppPages.page(pathname);
      if (!page) return undefined;
      const locale = localeOfPath(pathname);
      const inner = pathWithoutLocale(pathname);
      if (!describesPage(inner)) return { answer: page, status: 200 };
      // The head is written in the page's language (its texts, prices and dates).
      const answer = await deps.publicQueries.answer(publicQueryKey.page(pathname, query), (db) =>
        inLocale(locale, async () => {
          const described = await describePage(db, deps.env.CURRENCY, baseUrl, inner, query);
          const html = webAppPages.pageWithHead(pathname, headElements(described.head, baseUrl, locale), {
            firstView: described.firstView,
            preload: described.status === 200 ? pagePreloads(inner) : [],
            data: described.data,
            image: described.image,
          });
          const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8', vary: pageVary };
          if (described.status !== 200) headers[pageStatusHeader] = String(described.status);
          return { body: html ?? '', headers };
        }),
      );
      const status = answer.headers[pageStatusHeader];
      return { answer, status: status ? (Number(status) as 404 | 410) : 200 };
    },

    /**
     * For the fast path: Home, or a described page found well in memory, when a client sending `accept` loads
     * it and it can be sent as it is (not a missing or gone one, which the app answers with its status).
     */
    peek(pathname: string, query: URLSearchParams, accept: string | undefined): CachedAnswer | undefined {
      if (!isPageLoad(accept, pathname)) return undefined;
      if (pathWithoutLocale(pathname) === '/') return webAppPages.page(pathname);
      if (!describesPage(pathWithoutLocale(pathname))) return undefined;
      const answer = deps.publicQueries.peek(publicQueryKey.page(pathname, query));
      return answer && !answer.headers[pageStatusHeader] ? answer : undefined;
    },
  };
}

/**
 * The API answers a page shows next, at the URLs the web app asks for them: a book's related books
 * (features/books/api/get-related-books.ts), a person's first page of reviews (features/reviews/api/get-seller-reviews.ts).
 * The book or the person is in the page itself (DescribedPage.data).
 */
function pagePreloads(pathname: string): string[] {
  const [, kind, id] = pathname.split('/');
  if (kind === 'books') return [`/api/books/item/${id}/related`];
  if (kind === 'sellers') return [`/api/sellers/${id}/reviews?page=1&limit=${sellerReviewsPageSize}`];
  return [];
}
