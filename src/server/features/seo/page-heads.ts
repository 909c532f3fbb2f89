import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { getBook } from '#server/features/books/books.public.ts';
import { listCategories } from '#server/features/categories/categories.public.ts';
import { getSellerProfile } from '#server/features/reviews/reviews.public.ts';
import { searchBooks } from '#server/features/search/search.public.ts';
import type { PageHead } from '#server/http/web-app-pages.ts';
import { categoryName } from '#shared/category-names.ts';
import { texts } from '#shared/i18n/texts.ts';
import { formatMoney } from '#shared/money.ts';
import { searchQuerySchema } from '#shared/schemas/search.ts';
import { type SearchAnswer, searchAnswerPath, searchApiQuery, searchParamsOf } from '#shared/search-params.ts';
import { bookView, noticeView, searchView, sellerView } from './first-views.ts';
import { absolute, bookJsonLd, sellerJsonLd } from './json-ld.ts';

/** What the server knows of a page before the web app draws it: its status and its head. */
export interface DescribedPage {
  status: 200 | 404 | 410;
  head: PageHead;
  /** HTML drawn in the page's main area until the web app replaces it (first-views.ts). */
  firstView?: string;
  /**
   * The API answers the page shows first, by the URL the web app asks them at, exactly as the API answers them to
   * anyone signed out: written into the page, so the app draws without asking (src/web/lib/page-data.ts).
   */
  data?: Record<string, unknown>;
  /** The picture the page shows largest on its first screen (a book's cover), preloaded with the page. */
  image?: string;
}

/** The store's name as the page's language writes it. */
const site = () => texts.brand;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** At most `max` characters, cut at a word. */
function clip(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  return `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/** A page that is missing (404) or gone (410): kept out of search engines, its notice shown until the app draws. */
function absentPage(
  status: 404 | 410,
  canonicalPath: string,
  notice: { heading: string; text: string },
  description = notice.text,
): DescribedPage {
  return {
    status,
    head: { title: `${notice.heading} — ${site()}`, description, canonicalPath, noindex: true },
    firstView: noticeView(notice),
  };
}

async function describeBook(db: Db, currency: string, id: string, baseUrl: string): Promise<DescribedPage> {
  const canonicalPath = `/books/${id}`;
  const missing = absentPage(404, canonicalPath, {
    heading: texts.pageHeads.bookMissing,
    text: texts.pageHeads.bookMissingText,
  });
  if (!uuid.test(id)) return missing;
  try {
    const book = await getBook(db, currency, id);
    const price = formatMoney(book.resalePrice, book.currency);
    const named = { book: book.bookName, price, site: site() };
    const cover = book.photos[0]?.url ?? book.image;
    return {
      status: 200,
      head: {
        title: book.author
          ? texts.pageHeads.bookByTitle({ ...named, author: book.author })
          : texts.pageHeads.bookTitle(named),
        description: clip(
          texts.pageHeads.bookDescription({ condition: book.condition, price, description: book.description }),
        ),
        canonicalPath,
        type: 'book',
        image: absolute(baseUrl, book.image),
        imageAlt: texts.pageHeads.cover({ book: book.bookName }),
        jsonLd: bookJsonLd(book, baseUrl),
      },
      data: { [`/api/books/item/${id}`]: book },
      image: cover,
      firstView: bookView(book, cover),
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.kind === 'GONE') {
      const notice = { heading: error.message, text: texts.pageHeads.bookGoneText };
      return absentPage(410, canonicalPath, notice, error.message);
    }
    return missing;
  }
}

const idPattern = /^[A-Za-z0-9_-]{1,64}$/;

async function describeSeller(db: Db, currency: string, id: string, baseUrl: string): Promise<DescribedPage> {
  const canonicalPath = `/sellers/${encodeURIComponent(id)}`;
  const missing = absentPage(404, canonicalPath, {
    heading: texts.pageHeads.sellerMissing,
    text: texts.pageHeads.sellerMissingText,
  });
  if (!idPattern.test(id)) return missing;
  try {
    const seller = await getSellerProfile(db, currency, id);
    const data = { [`/api/sellers/${id}`]: seller };
    if (seller.closed) {
      return {
        status: 200,
        data,
        firstView: sellerView(seller),
        head: {
          title: `${seller.name} — ${site()}`,
          description: texts.pageHeads.sellerClosed,
          canonicalPath,
          noindex: true,
        },
      };
    }
    const { average, count } = seller.rating;
    const rated = average !== null && count > 0 ? ` ${texts.pageHeads.sellerRated({ average, count })}` : '';
    const sells = texts.pageHeads.sellerDescription({
      name: seller.name,
      site: site(),
      onSale: seller.onSaleCount,
      sold: seller.soldCount,
    });
    return {
      status: 200,
      head: {
        title: texts.pageHeads.sellerTitle({ name: seller.name, site: site() }),
        description: clip(`${sells}${rated}`),
        canonicalPath,
        type: 'profile',
        ...(seller.image
          ? { image: absolute(baseUrl, seller.image), imageAlt: texts.pageHeads.sellerPhoto({ name: seller.name }) }
          : {}),
        jsonLd: sellerJsonLd(seller, baseUrl),
      },
      data,
      firstView: sellerView(seller),
      // The first of their books on sale: on a phone, the largest thing on the first screen.
      image: seller.onSale[0]?.thumbnail,
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return missing;
  }
}

async function describeCategory(db: Db, name: string): Promise<DescribedPage> {
  const canonicalPath = `/categoryBooks/${encodeURIComponent(name)}`;
  const known = (await listCategories(db)).some((category) => category.name === name);
  if (!known) {
    return absentPage(404, canonicalPath, {
      heading: texts.pageHeads.categoryMissing,
      text: texts.pageHeads.categoryMissingText,
    });
  }
  return {
    status: 200,
    head: {
      title: texts.pageHeads.categoryTitle({ name: categoryName(name), site: site() }),
      description: texts.pageHeads.categoryDescription({ name: categoryName(name), site: site() }),
      canonicalPath,
    },
  };
}

/**
 * A search's page carries its first page of results, as the API answers them, and draws the first row of them. An
 * address the API would refuse (a price that is not one) leaves the app to say so.
 */
async function describeSearch(db: Db, currency: string, query: URLSearchParams): Promise<DescribedPage> {
  const q = (query.get('q') ?? '').trim().slice(0, 200);
  const params = searchParamsOf(query);
  const asked = searchQuerySchema.safeParse(searchApiQuery(params));
  const found = asked.success ? await searchBooks(db, currency, asked.data) : undefined;
  const answer: SearchAnswer | undefined = found && { ...found, suggestion: found.suggestion ?? null };
  return {
    status: 200,
    ...(answer && {
      data: { [searchAnswerPath(params)]: answer },
      firstView: searchView(answer, params.q),
      image: answer.items[0]?.thumbnail,
    }),
    head: {
      title: q
        ? texts.pageHeads.searchForTitle({ q: clip(q, 80), site: site() })
        : texts.pageHeads.searchTitle({ site: site() }),
      description: q
        ? texts.pageHeads.searchForDescription({ q: clip(q, 80), site: site() })
        : texts.pageHeads.searchDescription({ site: site() }),
      canonicalPath: q ? `/search?q=${encodeURIComponent(q)}` : '/search',
      // Result pages are for people; the books' own pages are for search engines.
      noindex: true,
    },
  };
}

const describedPages = [
  /^\/books\/([^/]+)\/?$/,
  /^\/categoryBooks\/([^/]+)\/?$/,
  /^\/sellers\/([^/]+)\/?$/,
  /^\/search\/?$/,
];

/** Whether the server writes the head of the page at `pathname` itself (a book, category or search page). */
export function describesPage(pathname: string): boolean {
  return describedPages.some((pattern) => pattern.test(pathname));
}

/** Carries a described page's status (404, 410) in its cached answer; never sent. */
export const pageStatusHeader = 'x-page-status';

/** The page at `pathname` (one that `describesPage`), with its status and its own head, read from `db`. */
export async function describePage(
  db: Db,
  currency: string,
  baseUrl: string,
  pathname: string,
  query: URLSearchParams,
): Promise<DescribedPage> {
  const [book, category, seller] = describedPages.map((pattern) => pattern.exec(pathname));
  if (book) return describeBook(db, currency, decodeSegment(book[1]!), baseUrl);
  if (category) return describeCategory(db, decodeSegment(category[1]!));
  if (seller) return describeSeller(db, currency, decodeSegment(seller[1]!), baseUrl);
  return describeSearch(db, currency, query);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
