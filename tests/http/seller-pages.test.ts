import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { user } from '#server/db/schema/auth.ts';
import { escapeHtml } from '#server/http/web-app-pages.ts';
import type { Review, SellerProfile } from '#shared/schemas/review.ts';
import { openShop } from '../support/orders.ts';
import { mainOf, pageDataOf } from '../support/page-html.ts';
import { handedOverOrder } from '../support/reviews.ts';
import type { TestUser } from '../support/test-app.ts';

// A person's public page, `/sellers/{id}` (ADR 029): the API's answer, the page's head and JSON-LD as the server
// sends it, the sitemap, and a closed account's tombstone.

const webRoot = mkdtempSync(path.join(tmpdir(), 'bookshelf-sellers-'));
writeFileSync(
  path.join(webRoot, 'index.html'),
  '<!doctype html><html><head><title>The Big Bookshelf</title></head><body><div id="root"></div></body></html>',
);
const shop = await openShop({ WEB_ROOT: webRoot });
const { t, seller } = shop;
const appUrl = String(t.deps.env.APP_URL).replace(/\/$/, '');
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});
const admin = await t.newUser('Admin');

const write = (as: TestUser, json: Record<string, unknown>) => t.call('POST', '/api/reviews', { as, json });
const page = (url: string) => t.app.request(url, { headers: { accept: 'text/html' } });
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));

async function profile(id: string) {
  t.sawWrites();
  const res = await t.call('GET', `/api/sellers/${id}`);
  return { status: res.status, body: (await res.json()) as SellerProfile };
}

describe('a seller’s page', () => {
  it('starts as a new seller: no rating, no aggregateRating in its JSON-LD, its books on sale', async () => {
    const book = await shop.newBook({ bookName: 'First Listing' });
    await shop.newBook({ bookName: 'Second <Listing> & more' });
    const { status, body } = await profile(seller.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      _id: seller.id,
      name: seller.name,
      verified: true,
      closed: false,
      rating: { average: null, count: 0 },
      soldCount: 0,
    });
    expect(Date.parse(body.memberSince!)).toBeGreaterThan(0);
    expect(body.onSale.map((b) => b._id)).toContain(book.id);
    expect(JSON.stringify(body)).not.toContain(seller.email);
    for (const b of body.onSale) expect(b).not.toHaveProperty('email');
    const html = await (await page(`/sellers/${seller.id}`)).text();
    const [ld] = jsonLdOf(html);
    expect(ld).toMatchObject({ '@type': 'Person', name: seller.name, url: `${appUrl}/sellers/${seller.id}` });
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(html).toContain(`<link rel="canonical" href="${appUrl}/sellers/${seller.id}">`);
    // The server draws the header and the first books on sale; the first cover, on a phone's first screen, is
    // asked for before the scripts.
    const main = mainOf(html);
    expect(main).toContain(
      `<h1 id="seller-heading" class="text-2xl font-bold break-words md:text-3xl"><bdi>${escapeHtml(seller.name)}</bdi></h1>`,
    );
    expect(main).toContain('<span class="badge badge-outline">New seller</span>');
    const [newest, next] = body.onSale;
    expect(main).toContain(`<img src="${newest!.thumbnail}" alt="Cover of ${escapeHtml(newest!.bookName)}"`);
    expect(main).toContain(`<bdi>${escapeHtml(next!.bookName)}</bdi>`);
    expect(
      html.indexOf(`<link rel="preload" as="image" fetchpriority="high" href="${newest!.thumbnail}">`),
    ).toBeLessThan(html.indexOf('</head>'));
  });

  it('shows the rating, the sold count and the reviews newest first with replies, paged', async () => {
    const first = await handedOverOrder(shop);
    await write(first.buyer, { bookingId: first.bookingId, stars: 5, text: 'Lovely copy' });
    await write(seller, { bookingId: first.bookingId, stars: 5 });
    const second = await handedOverOrder(shop);
    await write(second.buyer, { bookingId: second.bookingId, stars: 2, text: 'Came late' });
    await write(seller, { bookingId: second.bookingId, stars: 4 });
    // Only one party has reviewed this one: it is not public yet and does not count.
    const third = await handedOverOrder(shop);
    await write(third.buyer, { bookingId: third.bookingId, stars: 1 });

    const { body } = await profile(seller.id);
    expect(body.rating).toEqual({ average: 3.5, count: 2 });
    expect(body.soldCount).toBe(3);

    const firstPage = await t.call('GET', `/api/sellers/${seller.id}/reviews?page=1&limit=1`);
    expect(firstPage.headers.get('x-total-count')).toBe('2');
    const [newest] = (await firstPage.json()) as Review[];
    expect(newest).toMatchObject({ text: 'Came late', stars: 2, authorName: second.buyer.name, authorRole: 'buyer' });
    const [id] = [newest!._id];
    await t.call('POST', `/api/reviews/${id}/reply`, { as: seller, json: { text: 'The bus broke down' } });
    t.sawWrites();
    const again = (await (await t.call('GET', `/api/sellers/${seller.id}/reviews?limit=10`)).json()) as Review[];
    expect(again.map((r) => r.text)).toEqual(['Came late', 'Lovely copy']);
    expect(again[0]!.reply).toMatchObject({ text: 'The bus broke down' });

    const html = await (await page(`/sellers/${seller.id}`)).text();
    const [ld] = jsonLdOf(html);
    expect(ld.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: '3.50',
      ratingCount: 2,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
    expect(html).toMatch(/<title>[^<]*seller[^<]*<\/title>/);
    expect(mainOf(html)).toContain(
      '<span role="img" aria-label="3.5 out of 5, 2 reviews" class="inline-flex text-warning text-xl">',
    );
    // The page carries the person as the API answers them to anyone signed out, so the app does not ask for them;
    // their first page of reviews is preloaded with the page, at the URL the app asks for it.
    expect(pageDataOf(html)).toEqual({ [`/api/sellers/${seller.id}`]: (await profile(seller.id)).body });
    expect(html).toContain(
      `<link rel="preload" as="fetch" crossorigin href="/api/sellers/${seller.id}/reviews?page=1&amp;limit=10">`,
    );

    // Every book answer carries the same rating, and the seller's id for the link.
    t.sawWrites();
    const listed = (await (await t.call('GET', '/api/allbooks?limit=50')).json()) as {
      sellerId: string;
      sellerRating: unknown;
    }[];
    for (const book of listed.filter((b) => b.sellerId === seller.id)) {
      expect(book.sellerRating).toEqual({ average: 3.5, count: 2 });
    }
  });

  it('is in the sitemap while the seller has a book on sale', async () => {
    const index = await (await t.app.request('/sitemap.xml')).text();
    expect(index).toContain(`${appUrl}/sitemaps/sellers.xml`);
    const sellers = await (await t.app.request('/sitemaps/sellers.xml')).text();
    expect(sellers).toContain(`<loc>${appUrl}/sellers/${seller.id}</loc>`);
  });

  it('answers 404 for an unknown person, and refuses an id that cannot be one', async () => {
    expect((await t.call('GET', '/api/sellers/nobody-here')).status).toBe(404);
    expect((await t.call('GET', '/api/sellers/not%20an%20id')).status).toBe(400);
    expect((await page('/sellers/nobody-here')).status).toBe(404);
  });

  it('shows a closed account’s tombstone and nothing of the person', async () => {
    const closing = await t.newUser('Seller', { name: 'Cora Closing', verified: true });
    await t.db.update(user).set({ image: '/images/cora.webp' }).where(eq(user.id, closing.id));
    expect((await t.call('DELETE', `/api/users/${closing.id}`, { as: admin })).status).toBe(200);
    const { status, body } = await profile(closing.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      closed: true,
      name: 'Closed account',
      image: null,
      verified: false,
      memberSince: null,
      onSale: [],
    });
    const text = JSON.stringify(body);
    expect(text).not.toContain('Cora');
    expect(text).not.toContain(closing.email);
    const html = await (await page(`/sellers/${closing.id}`)).text();
    expect(html).not.toContain('Cora');
    expect(mainOf(html)).toContain('This account was closed.');
    expect(mainOf(html)).not.toContain('on-sale-heading');
    expect(html).toContain('noindex');
    const sellers = await (await t.app.request('/sitemaps/sellers.xml')).text();
    expect(sellers).not.toContain(closing.id);
  });
});
