import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCategories } from '#server/db/seed/demo-catalogue.ts';
import { english, translations } from '#shared/i18n/catalogues/index.ts';
import { createBook, createCategory } from '../support/factories.ts';
import { getExactly, listenAsServed, type ServedListener } from '../support/served-listener.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';

// PRODUCT §12: the locale is in a public page's path (English at the root), the server writes `lang`, `dir` and the
// `hreflang` alternates, a first visit to the root follows Accept-Language, and a refusal's text follows it too
// while its code stays the same. Through the real server (its fast path included).

const appUrl = 'https://books.example';
const webRoot = mkdtempSync(path.join(tmpdir(), 'bookshelf-languages-'));
const html = '<!doctype html><html lang="en"><head><title>The Big Bookshelf</title></head><body></body></html>';

let t: TestApp;
let served: ServedListener;
let bookId: string;
let buyer: TestUser;

beforeAll(async () => {
  writeFileSync(path.join(webRoot, 'index.html'), html);
  t = await createTestApp({ WEB_ROOT: webRoot, APP_URL: appUrl });
  const seller = await t.newUser('Seller');
  buyer = await t.newUser('Buyer');
  const categoryId = (await createCategory(t.db, { name: 'Poetry' })).id;
  bookId = (await createBook(t.db, { sellerId: seller.id, categoryId, bookName: 'Ariel' })).id;
  served = await listenAsServed(t.deps);
});
afterAll(async () => {
  await served.close();
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string>) => getExactly(`${served.base}${url}`, headers);

const page = { accept: 'text/html' };
const alternates = (body: string) =>
  [...body.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map(([, lang, href]) => [lang, href]);

describe('pages in a language', () => {
  it('Home in Arabic is written right to left, with its alternates in every language', async () => {
    const res = await get('/ar', page);
    expect(res.status).toBe(200);
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
    expect(alternates(res.body)).toEqual([
      ['en', `${appUrl}/`],
      ['es', `${appUrl}/es`],
      ['de', `${appUrl}/de`],
      ['ar', `${appUrl}/ar`],
      ['x-default', `${appUrl}/`],
    ]);
  });

  it('English stays at the root, left to right', async () => {
    const res = await get('/', page);
    expect(res.status).toBe(200);
    expect(res.body).toContain('<html lang="en" dir="ltr">');
  });

  it('a book page in Spanish has its canonical address in Spanish and the same book in the other languages', async () => {
    const res = await get(`/es/books/${bookId}`, page);
    expect(res.status).toBe(200);
    expect(res.body).toContain('<html lang="es" dir="ltr">');
    expect(res.body).toContain(`<link rel="canonical" href="${appUrl}/es/books/${bookId}">`);
    expect(alternates(res.body)).toContainEqual(['de', `${appUrl}/de/books/${bookId}`]);
    expect(alternates(res.body)).toContainEqual(['x-default', `${appUrl}/books/${bookId}`]);
    // Its head is written in Spanish, its price as Spanish writes it.
    expect(res.body).toMatch(/<meta name="description" content="Ejemplar de segunda mano en estado [^"]*US\$/);
    expect(res.body).toContain(`<meta property="og:image:alt" content="Portada de Ariel">`);
    // Asked again, it comes from memory (the fast path) and is the same page.
    expect((await get(`/es/books/${bookId}`, page)).body).toBe(res.body);
  });

  it("a category's page names it in the page's language, at the address of its stored name", async () => {
    const res = await get('/de/categoryBooks/Poetry', page);
    expect(res.status).toBe(200);
    expect(res.body).toContain(`<link rel="canonical" href="${appUrl}/de/categoryBooks/Poetry">`);
    expect(res.body).toMatch(/<title>Lyrik[^<]*<\/title>/);
  });

  it('names every category of the default shelf in every language', () => {
    const shelf = demoCategories.map((category) => category.name).sort();
    expect(Object.keys(english.categoryNames).sort()).toEqual(shelf);
    for (const catalogue of Object.values(translations))
      expect(Object.keys(catalogue.categoryNames).sort()).toEqual(shelf);
  });

  it('a missing book in Arabic says so in Arabic', async () => {
    const res = await get('/ar/books/00000000-0000-4000-8000-000000000000', page);
    expect(res.status).toBe(404);
    expect(res.body).toContain(translations.ar.pageHeads.bookMissing);
  });
});

describe('the sitemaps', () => {
  it('name every page in every language', async () => {
    const pages = await get('/sitemaps/pages.xml', {});
    expect(pages.body).toContain(`<xhtml:link rel="alternate" hreflang="ar" href="${appUrl}/ar/about"/>`);
    const books = await get('/sitemaps/books-1.xml', {});
    expect(books.body).toContain(`<loc>${appUrl}/books/${bookId}</loc>`);
    expect(books.body).toContain(`hreflang="de" href="${appUrl}/de/books/${bookId}"`);
    expect(books.body).toContain(`hreflang="x-default" href="${appUrl}/books/${bookId}"`);
  });
});

describe('the first visit to the root', () => {
  it('goes to the language the browser asks for', async () => {
    const res = await get('/', { ...page, 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/es');
  });

  it('stays in English when English comes first or no language of ours is asked for', async () => {
    expect((await get('/', { ...page, 'accept-language': 'en-GB,de;q=0.5' })).status).toBe(200);
    expect((await get('/', { ...page, 'accept-language': 'ja' })).status).toBe(200);
  });

  it('goes to the language chosen with the switcher, English included, whatever the browser asks for', async () => {
    expect((await get('/', { ...page, 'accept-language': 'de', cookie: 'lang=en' })).status).toBe(200);
    const chosen = await get('/', { ...page, 'accept-language': 'de', cookie: 'theme=dark; lang=ar' });
    expect(chosen.status).toBe(302);
    expect(chosen.headers.location).toBe('/ar');
  });

  it('redirects only the root: a shared link opens in the language it was shared in', async () => {
    const res = await get(`/books/${bookId}`, { ...page, 'accept-language': 'ar' });
    expect(res.status).toBe(200);
    expect(res.body).toContain('<html lang="en" dir="ltr">');
  });
});

describe('refusals in the language asked for', () => {
  const sameSite = { origin: appUrl };
  it('a refusal of our own: the text in Arabic, the code as in English', async () => {
    const english = await t.call('POST', '/api/booking', { json: { bookId, contact: '555 0100' }, headers: sameSite });
    const arabic = await t.call('POST', '/api/booking', {
      json: { bookId, contact: '555 0100' },
      headers: { ...sameSite, 'accept-language': 'ar' },
    });
    expect(english.status).toBe(401);
    expect(arabic.status).toBe(401);
    const [inEnglish, inArabic] = [await english.json(), await arabic.json()];
    expect(inEnglish).toEqual({ error: 'Please sign in first', code: 'UNAUTHORIZED' });
    expect(inArabic).toEqual({ error: translations.ar.errors['Please sign in first'], code: 'UNAUTHORIZED' });
  });

  it('a form field refused in Spanish, with the field named as in English', async () => {
    const res = await t.call('POST', '/api/booking', {
      as: buyer,
      json: { bookId, contact: '' },
      headers: { ...sameSite, 'accept-language': 'es' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: translations.es.booking.phoneRequired,
      code: 'BAD_REQUEST',
      field: 'contact',
    });
  });
});

describe("a signed-in person's language", () => {
  it("is kept on the account, once, and only one of the store's languages", async () => {
    const as = { as: buyer, headers: { origin: appUrl } };
    const first = await t.call('PUT', '/api/users/me/language', { ...as, json: { language: 'de' } });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ language: 'de', modifiedCount: 1 });
    const again = await t.call('PUT', '/api/users/me/language', { ...as, json: { language: 'de' } });
    expect(await again.json()).toEqual({ language: 'de', modifiedCount: 0 });
    const unknown = await t.call('PUT', '/api/users/me/language', { ...as, json: { language: 'fr' } });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'language' });
  });
});
