import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '#server/http/web-app-pages.ts';
import { moreFoundHeader, type SearchMatch, searchMatchHeader, totalCountHeader } from '#shared/constants.ts';
import { inLocale } from '#shared/i18n/text-source.ts';
import { formatMoney } from '#shared/money.ts';
import { type SearchAnswer, searchAnswerPath, searchApiQuery, searchParamsOf } from '#shared/search-params.ts';
import { createBook, createCategory, createOffSaleBooks } from '../support/factories.ts';
import { mainOf, pageAsBuilt, pageDataOf } from '../support/page-html.ts';
import { createTestApp } from '../support/test-app.ts';

// index.html as the build writes it: a default title and description, the entry script, and the root the server
// draws the layout in.
const webRoot = mkdtempSync(path.join(tmpdir(), 'bookshelf-seo-'));
const indexHtml =
  '<!doctype html><html><head><meta name="description" content="Default description." />' +
  '<title>The Big Bookshelf</title><script type="module" crossorigin src="/assets/main.js"></script></head><body><div id="root"></div></body></html>';
const appUrl = 'https://books.example';

writeFileSync(path.join(webRoot, 'index.html'), indexHtml);
const t = await createTestApp({ WEB_ROOT: webRoot, APP_URL: appUrl });
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});
const seller = await t.newUser('Seller', { name: 'Sam <Seller>' });
const shelf = { sellerId: seller.id, categoryId: (await createCategory(t.db, { name: 'Fantasy & Myth' })).id };
/** A book of the seller's in the Fantasy & Myth category. */
const fantasyBook = (values: Omit<Parameters<typeof createBook>[1], keyof typeof shelf> = {}) =>
  createBook(t.db, { ...shelf, ...values });

const page = (url: string) => t.app.request(url, { headers: { accept: 'text/html' } });

/** The head's elements as a browser would read them (one level of markup is all the server writes). */
function headOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  const decodeEntities = (text: string) =>
    text
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  const metas = new Map<string, string>();
  for (const [tag] of head.matchAll(/<meta [^>]*>/g)) {
    const key = attr(tag, 'name') ?? attr(tag, 'property');
    if (key) metas.set(key, decodeEntities(attr(tag, 'content') ?? ''));
  }
  const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decodeEntities(m[1]!));
  const canonical = /<link rel="canonical" href="([^"]*)">/.exec(head)?.[1];
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );
  return { titles, metas, canonical: canonical && decodeEntities(canonical), jsonLd };
}

/** The page's data script (the API answers by URL the web app starts from), parsed; undefined when there is none. */
describe("a book's page as the server sends it", () => {
  it('has its own title, description, canonical URL, Open Graph and Twitter tags, all escaped', async () => {
    const book = await fantasyBook({
      bookName: 'The "Hobbit" <script>alert(1)</script>',
      author: "J. R. R. Tolkien & Sons'",
      isbn: '9780547928227',
      description: 'There & back again. </script><script>alert(2)</script>',
      resalePriceCents: 950,
      condition: 'Good',
    });
    const res = await page(`/books/${book.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).not.toContain('<script>alert');
    const head = headOf(html);
    expect(head.titles).toEqual([
      `The "Hobbit" <script>alert(1)</script> by J. R. R. Tolkien & Sons' — $9.50 — The Big Bookshelf`,
    ]);
    expect(head.canonical).toBe(`${appUrl}/books/${book.id}`);
    expect(head.metas.get('description')).toMatch(/^Good second-hand copy, \$9\.50\. There & back again\./);
    expect(head.metas.get('og:type')).toBe('book');
    expect(head.metas.get('og:title')).toBe(head.titles[0]);
    expect(head.metas.get('og:url')).toBe(`${appUrl}/books/${book.id}`);
    expect(head.metas.get('og:image')).toBe(`${appUrl}${book.image}`);
    expect(head.metas.get('twitter:card')).toBe('summary_large_image');
    expect(head.metas.get('twitter:image')).toBe(`${appUrl}${book.image}`);
    expect(head.metas.has('robots')).toBe(false);
    // The page carries the book as the API answers it to anyone signed out, so the app does not ask for it; its
    // cover is preloaded beside the scripts, and the related books' answer too.
    const answer = await t.app.request(`/api/books/item/${book.id}`);
    expect(pageDataOf(html)).toEqual({ [`/api/books/item/${book.id}`]: await answer.json() });
    // The cover is asked for first, before the scripts, so that on a phone's connection it does not queue behind them.
    const coverPreload = html.indexOf(`<link rel="preload" as="image" fetchpriority="high" href="${book.image}">`);
    expect(coverPreload).toBeGreaterThan(-1);
    expect(coverPreload).toBeLessThan(html.indexOf('<script type="module"'));
    expect(html).not.toContain(`href="/api/books/item/${book.id}"`);
    expect(html).toContain(`<link rel="preload" as="fetch" crossorigin href="/api/books/item/${book.id}/related">`);
  });

  it("draws the book's category, name, author, price and cover before the app does, escaped, in the page's language", async () => {
    const book = await fantasyBook({
      bookName: 'Dragons <b>& Co</b>',
      author: 'Ann "Wyrm" Lee',
      resalePriceCents: 1250,
    });
    const english = mainOf(await (await page(`/books/${book.id}`)).text());
    expect(english).toContain(
      '<h1 id="book-heading" class="text-2xl font-bold leading-tight wrap-anywhere sm:text-3xl"><bdi>Dragons &lt;b&gt;&amp; Co&lt;/b&gt;</bdi></h1>',
    );
    expect(english).toContain(
      '<a class="link link-hover" href="/search?q=Ann%20%22Wyrm%22%20Lee">by Ann &quot;Wyrm&quot; Lee</a>',
    );
    expect(english).toContain('<span class="text-3xl font-semibold text-primary">$12.50</span>');
    expect(english).toContain(
      `<img src="${book.image}" alt="Cover of Dragons &lt;b&gt;&amp; Co&lt;/b&gt;" width="600" height="900" fetchpriority="high"`,
    );
    const spanish = mainOf(await (await page(`/es/books/${book.id}`)).text());
    expect(spanish).toContain('<a class="link link-hover" href="/es/search?category=Fantasy%20%26%20Myth">');
    expect(spanish).toContain(`>${escapeHtml(inLocale('es', () => formatMoney(12.5, 'USD')))}</span>`);
    expect(spanish).not.toContain('Cover of');
  });

  it('carries no data nor cover of a book that is gone or missing', async () => {
    const sold = await fantasyBook({ status: 'Sold' });
    for (const url of [`/books/${sold.id}`, '/books/00000000-0000-4000-8000-000000000000']) {
      const html = await (await page(url)).text();
      expect(pageDataOf(html), url).toBeUndefined();
      expect(html, url).not.toContain('as="image"');
    }
  });

  it('carries schema.org JSON-LD: a Book with an Offer at its price, currency, availability and used condition', async () => {
    const book = await fantasyBook({
      bookName: 'Dune </script>',
      author: 'Frank Herbert',
      isbn: '9780441172719',
      resalePriceCents: 1234,
    });
    const [jsonLd] = headOf(await (await page(`/books/${book.id}`)).text()).jsonLd;
    expect(jsonLd).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Book',
      '@id': `${appUrl}/books/${book.id}`,
      url: `${appUrl}/books/${book.id}`,
      name: 'Dune </script>',
      author: { '@type': 'Person', name: 'Frank Herbert' },
      isbn: '9780441172719',
      description: 'A test copy.',
      image: [`${appUrl}${book.image}`],
      genre: 'Fantasy & Myth',
      offers: {
        '@type': 'Offer',
        url: `${appUrl}/books/${book.id}`,
        price: '12.34',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/UsedCondition',
        description: 'Good condition.',
        seller: { '@type': 'Person', name: 'Sam <Seller>', url: `${appUrl}/sellers/${seller.id}` },
      },
    });
    const booked = await fantasyBook({ status: 'Booked' });
    const [bookedLd] = headOf(await (await page(`/books/${booked.id}`)).text()).jsonLd;
    expect(bookedLd.offers.availability).toBe('https://schema.org/OutOfStock');
  });

  it('answers 410 for a sold or removed book and 404 for an unknown one, with a page that says so', async () => {
    const { sold, removed, hidden } = await createOffSaleBooks(t.db, shelf);
    const cases: [string, number, string][] = [
      [`/books/${sold.id}`, 410, 'This book has been sold'],
      [`/books/${removed.id}`, 410, 'This book is no longer listed'],
      [`/books/${hidden.id}`, 404, 'Book not found'],
      [`/books/${crypto.randomUUID()}`, 404, 'Book not found'],
      ['/books/not-an-id', 404, 'Book not found'],
      ['/categoryBooks/No%20such', 404, 'No such category'],
    ];
    for (const [url, status, heading] of cases) {
      const res = await page(url);
      expect(res.status, url).toBe(status);
      const html = await res.text();
      expect(html, url).toContain(`<h1 class="text-3xl font-bold">${heading}</h1>`);
      const head = headOf(html);
      expect(head.titles, url).toEqual([`${heading} — The Big Bookshelf`]);
      expect(head.metas.get('robots'), url).toBe('noindex');
      expect(head.jsonLd, url).toEqual([]);
    }
  });

  it('gives category and search pages their own head; search results are not indexed', async () => {
    const category = headOf(await (await page('/categoryBooks/Fantasy%20%26%20Myth?page=2')).text());
    expect(category.titles).toEqual(['Fantasy & Myth books — The Big Bookshelf']);
    expect(category.canonical).toBe(`${appUrl}/categoryBooks/Fantasy%20%26%20Myth`);
    expect(category.metas.get('og:title')).toBe('Fantasy & Myth books — The Big Bookshelf');
    const res = await page(`/search?q=${encodeURIComponent('"><script>x</script> & co')}&sort=newest`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain('<script>x');
    const search = headOf(html);
    expect(search.titles).toEqual(['“"><script>x</script> & co” — Search — The Big Bookshelf']);
    expect(search.canonical).toBe(`${appUrl}/search?q=${encodeURIComponent('"><script>x</script> & co')}`);
    expect(search.metas.get('robots')).toBe('noindex');
  });

  it("carries a search's first page of results as the API answers it, and draws its heading and first row", async () => {
    await fantasyBook({ bookName: 'Basilisk Lore' });
    await fantasyBook({ bookName: 'Basilisk Tales' });
    await fantasyBook({ bookName: 'Basilisk Songs' });
    const address = new URLSearchParams({ q: 'basilisk', sort: 'newest' });
    const html = await (await page(`/search?${address}`)).text();
    const params = searchParamsOf(address);
    const api = await t.app.request(`/api/search?${new URLSearchParams(searchApiQuery(params))}`);
    const answer: SearchAnswer = {
      items: await api.json(),
      total: Number(api.headers.get(totalCountHeader)),
      more: api.headers.has(moreFoundHeader),
      match: api.headers.get(searchMatchHeader) as SearchMatch,
      suggestion: null,
    };
    expect(answer.items.map((book) => book.bookName)).toEqual(['Basilisk Songs', 'Basilisk Tales', 'Basilisk Lore']);
    expect(pageDataOf(html)).toEqual({ [searchAnswerPath(params)]: answer });
    const main = mainOf(html);
    expect(main).toContain('<h1 id="search-heading" class="mb-6 text-3xl font-bold">3 books found for “basilisk”</h1>');
    // The first row, as a phone shows it: two books, the first cover asked for before the scripts.
    expect(main).toContain('<bdi>Basilisk Songs</bdi>');
    expect(main).toContain('<bdi>Basilisk Tales</bdi>');
    expect(main).not.toContain('Basilisk Lore');
    const cover = html.indexOf(
      `<link rel="preload" as="image" fetchpriority="high" href="${answer.items[0]!.thumbnail}">`,
    );
    expect(cover).toBeGreaterThan(-1);
    expect(cover).toBeLessThan(html.indexOf('<script type="module"'));
    // An address the API refuses is the app's to explain: nothing is drawn or carried.
    const refused = await (await page('/search?q=basilisk&minPrice=cheap')).text();
    expect((await t.app.request('/api/search?q=basilisk&minPrice=cheap')).status).toBe(400);
    expect(pageDataOf(refused)).toBeUndefined();
    expect(mainOf(refused)).toBe('');
  });

  it('sends the page as built (its default head) elsewhere, the layout drawn in it', async () => {
    expect(await (await page('/about')).text()).toBe(pageAsBuilt(indexHtml));
  });
});

describe('robots.txt and the sitemaps', () => {
  it('robots.txt points to the sitemap and keeps crawlers out of the dashboard', async () => {
    const res = await t.app.request('/robots.txt');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('User-agent: *\n');
    expect(text).toContain('Disallow: /dashboard\n');
    expect(text).toContain(`Sitemap: ${appUrl}/sitemap.xml\n`);
  });

  it('the sitemap index lists the pages and one sitemap per 50,000 listed books, each listing only listed books', async () => {
    const listed = await fantasyBook();
    const sold = await fantasyBook({ status: 'Sold' });
    const index = await t.app.request('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const indexXml = await index.text();
    expect([...indexXml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      `${appUrl}/sitemaps/pages.xml`,
      `${appUrl}/sitemaps/books-1.xml`,
      `${appUrl}/sitemaps/sellers.xml`,
    ]);
    const pagesXml = await (await t.app.request('/sitemaps/pages.xml')).text();
    expect(pagesXml).toContain(`<loc>${appUrl}/</loc>`);
    for (const help of ['terms', 'privacy', 'meetup-safety', 'buyer-protection']) {
      expect(pagesXml).toContain(`<loc>${appUrl}/help/${help}</loc>`);
    }
    const booksXml = await (await t.app.request('/sitemaps/books-1.xml')).text();
    expect(booksXml).toContain(`<loc>${appUrl}/books/${listed.id}</loc><lastmod>`);
    expect(booksXml).not.toContain(sold.id);
    expect((await t.app.request('/sitemaps/books-2.xml')).status).toBe(404);
    expect((await t.app.request('/sitemaps/books-0.xml')).status).toBe(404);
  });

  it('splits more than 50,000 listed books over two sitemaps', { timeout: 120_000 }, async () => {
    const template = await fantasyBook();
    await t.pool.query(
      `insert into books (seller_id, category_id, book_name, original_price_cents, resale_price_cents, condition,
                          image, thumbnail, phone, location, description, purchase_year)
       select seller_id, category_id, 'Bulk ' || i, 100, 50, condition, image, thumbnail, phone, location, 'x', purchase_year
       from books, generate_series(1, 50000) i where books.id = $1`,
      [template.id],
    );
    t.sawWrites();
    const { rows } = await t.pool.query<{ n: number }>(
      `select count(*)::int as n from books where status = 'Available' and not hidden`,
    );
    const total = rows[0]!.n;
    expect(total).toBeGreaterThan(50_000);
    const indexXml = await (await t.app.request('/sitemap.xml')).text();
    expect(indexXml).toContain(`${appUrl}/sitemaps/books-2.xml`);
    expect(indexXml).not.toContain('books-3.xml');
    const first = await (await t.app.request('/sitemaps/books-1.xml')).text();
    const second = await (await t.app.request('/sitemaps/books-2.xml')).text();
    expect(first.match(/<url>/g)?.length).toBe(50_000);
    expect(second.match(/<url>/g)?.length).toBe(total - 50_000);
  });
});
