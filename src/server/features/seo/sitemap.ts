import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { books } from '#server/db/schema/catalog.ts';
import { isPublic } from '#server/features/books/books.public.ts';
import { escapeHtml } from '#server/http/web-app-pages.ts';
import { type Locale, localeCodes, localizedPath } from '#shared/i18n/locales.ts';

/** The sitemaps protocol's limit of URLs in one sitemap. */
export const urlsPerSitemap = 50_000;

/** The public pages that are not books: what a signed-out visitor can read. */
const pages = [
  '/',
  '/about',
  '/blogs',
  '/help/terms',
  '/help/privacy',
  '/help/meetup-safety',
  '/help/buyer-protection',
];

const xmlHead = '<?xml version="1.0" encoding="UTF-8"?>\n';
const namespace = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** `/sitemap.xml`: an index of the page sitemap and one sitemap per 50,000 listed books. */
export async function sitemapIndex(db: Db, baseUrl: string): Promise<string> {
  const [listed] = await db.select({ n: count() }).from(books).where(isPublic);
  const bookSitemaps = Math.max(1, Math.ceil((listed?.n ?? 0) / urlsPerSitemap));
  const locations = [
    `${baseUrl}/sitemaps/pages.xml`,
    ...Array.from({ length: bookSitemaps }, (_, i) => `${baseUrl}/sitemaps/books-${i + 1}.xml`),
    `${baseUrl}/sitemaps/sellers.xml`,
  ];
  const entries = locations.map((loc) => `<sitemap><loc>${escapeHtml(loc)}</loc></sitemap>`).join('\n');
  return `${xmlHead}<sitemapindex xmlns="${namespace}">\n${entries}\n</sitemapindex>\n`;
}

function urlset(entries: string[]): string {
  return `${xmlHead}<urlset xmlns="${namespace}" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}

/** A page's entry: its English address, and the same page in every language (`hreflang`, English the default). */
function entry(baseUrl: string, path: string, more = ''): string {
  const link = (hreflang: string, locale: Locale) =>
    `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(`${baseUrl}${localizedPath(locale, path)}`)}"/>`;
  const alternates = [...localeCodes.map((locale) => link(locale, locale)), link('x-default', 'en')].join('');
  return `<url><loc>${escapeHtml(`${baseUrl}${path}`)}</loc>${more}${alternates}</url>`;
}

export function pagesSitemap(baseUrl: string): string {
  return urlset(pages.map((page) => entry(baseUrl, page)));
}

/** `/sitemaps/books-N.xml`: the N-th 50,000 listed books by id, with the day each was posted or last edited; undefined past the end. */
export async function booksSitemap(db: Db, baseUrl: string, n: number): Promise<string | undefined> {
  const rows = await db
    .select({ id: books.id, postDate: books.postDate, editedAt: books.editedAt })
    .from(books)
    .where(isPublic)
    .orderBy(asc(books.id))
    .limit(urlsPerSitemap)
    .offset((n - 1) * urlsPerSitemap);
  if (rows.length === 0 && n > 1) return undefined;
  return urlset(
    rows.map((row) =>
      entry(
        baseUrl,
        `/books/${row.id}`,
        `<lastmod>${(row.editedAt ?? row.postDate).toISOString().slice(0, 10)}</lastmod>`,
      ),
    ),
  );
}

/**
 * `/sitemaps/sellers.xml`: the pages of the open accounts with a book on sale, the first 50,000 by id (a seller
 * without one still has a page, linked from their sold books' orders, but nothing there for a search engine).
 */
export async function sellersSitemap(db: Db, baseUrl: string): Promise<string> {
  const rows = await db
    .selectDistinct({ id: books.sellerId })
    .from(books)
    .innerJoin(user, eq(user.id, books.sellerId))
    .where(and(isPublic, isNull(user.closedAt)))
    .orderBy(asc(books.sellerId))
    .limit(urlsPerSitemap);
  return urlset(rows.map((row) => entry(baseUrl, `/sellers/${row.id}`)));
}

/** `/robots.txt`: everything public may be crawled; the dashboard and sign-in pages are no use to a crawler. */
export function robotsTxt(baseUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /dashboard',
    'Disallow: /login',
    'Disallow: /signup',
    'Disallow: /api/auth/',
    '',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
