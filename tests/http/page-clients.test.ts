import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { acceptsHtml } from '#server/features/seo/page-loads.ts';
import { createBook, createCategory, createOffSaleBooks } from '../support/factories.ts';
import { pageAsBuilt } from '../support/page-html.ts';
import { getExactly, listenAsServed, type ServedListener } from '../support/served-listener.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Who asks for a page besides browsers: the link-preview crawlers of chat and social sites, search engines' bots
// and curl, as they introduce themselves, with each Accept they are reported to send (facebookexternalhit sends
// `*/*`; Slackbot `*/*` or none). Whatever a client sends, a page is answered by what Accept says, never by
// the User-Agent.
const noAccept = undefined;
const browserLike = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const clients: { name: string; userAgent: string; accepts: (string | undefined)[]; acceptEncoding?: string }[] = [
  {
    name: 'Slack',
    userAgent: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    accepts: ['*/*', noAccept],
  },
  {
    name: 'Facebook',
    userAgent: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    accepts: ['*/*'],
    acceptEncoding: 'gzip',
  },
  { name: 'X', userAgent: 'Twitterbot/1.0', accepts: ['*/*', noAccept] },
  { name: 'WhatsApp', userAgent: 'WhatsApp/2.23.20.0 A', accepts: ['*/*', noAccept] },
  {
    name: 'Discord',
    userAgent: 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
    accepts: ['*/*', noAccept, browserLike],
  },
  { name: 'Telegram', userAgent: 'TelegramBot (like TwitterBot)', accepts: ['*/*', noAccept, browserLike] },
  {
    name: 'LinkedIn',
    userAgent: 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
    accepts: ['*/*', noAccept],
  },
  {
    name: 'Google',
    userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    accepts: ['text/html,application/xhtml+xml,application/signed-exchange;v=b3,application/xml;q=0.9,*/*;q=0.8'],
    acceptEncoding: 'gzip, deflate, br',
  },
  { name: 'curl', userAgent: 'curl/8.5.0', accepts: ['*/*'] },
];

const appUrl = 'https://books.example';
const category = 'Science Fiction';
const webRoot = mkdtempSync(path.join(tmpdir(), 'bookshelf-clients-'));
const indexHtml =
  '<!doctype html><html><head><meta name="description" content="Default." /><title>The Big Bookshelf</title>' +
  '</head><body><div id="root"></div></body></html>';

let t: TestApp;
let served: ServedListener;
let peekQueries: MockInstance<TestApp['deps']['publicQueries']['peek']>;
let bookId: string;
let removedId: string;

beforeAll(async () => {
  writeFileSync(path.join(webRoot, 'index.html'), indexHtml);
  t = await createTestApp({ WEB_ROOT: webRoot, APP_URL: appUrl, CACHE_MAX_STALENESS_MS: '60000' });
  const seller = await t.newUser('Seller');
  const shelf = { sellerId: seller.id, categoryId: (await createCategory(t.db, { name: category })).id };
  bookId = (await createBook(t.db, { ...shelf, bookName: 'Dune', author: 'Frank Herbert' })).id;
  removedId = (await createOffSaleBooks(t.db, shelf)).removed.id;
  peekQueries = vi.spyOn(t.deps.publicQueries, 'peek');
  served = await listenAsServed(t.deps);
});
afterAll(async () => {
  await served.close();
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** Pages the fast path has answered from memory so far. */
const servedFast = () => peekQueries.mock.results.filter((result) => result.value !== undefined).length;

const get = (url: string, headers: Record<string, string | undefined>) => getExactly(`${served.base}${url}`, headers);

const headerSets = () =>
  clients.flatMap((client) =>
    client.accepts.map((accept) => ({
      who: `${client.name} (Accept: ${accept ?? 'none'})`,
      headers: { 'user-agent': client.userAgent, accept, 'accept-encoding': client.acceptEncoding },
    })),
  );

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1];
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));

describe('a page asked for by a link-preview crawler, a search engine or curl', () => {
  it("answers a book's page with its head tags and JSON-LD, from memory after the first", async () => {
    const url = `/books/${bookId}`;
    for (const { who, headers } of headerSets()) {
      const before = servedFast();
      const res = await get(url, headers);
      expect(res.status, who).toBe(200);
      expect(res.headers['content-type'], who).toBe('text/html; charset=utf-8');
      expect(res.headers.vary, who).toBe('Accept, Accept-Encoding');
      expect(res.body, who).toContain('<title>Dune by Frank Herbert — $10.00 — The Big Bookshelf</title>');
      expect(metaContent(res.body, 'og:title'), who).toBe('Dune by Frank Herbert — $10.00 — The Big Bookshelf');
      expect(metaContent(res.body, 'og:url'), who).toBe(`${appUrl}${url}`);
      expect(metaContent(res.body, 'og:image'), who).toBe(`${appUrl}/images/test.webp`);
      expect(metaContent(res.body, 'twitter:card'), who).toBe('summary_large_image');
      expect(jsonLdOf(res.body), who).toEqual([
        expect.objectContaining({ '@type': 'Book', name: 'Dune', url: `${appUrl}${url}` }),
      ]);
      // The first page load builds the page; every one after it is sent from memory.
      if (who !== headerSets()[0]!.who) expect(servedFast(), who).toBe(before + 1);
    }
  });

  it('answers Home, a search page and a category page with their heads', async () => {
    const pages: [string, string][] = [
      ['/', '<title>The Big Bookshelf</title>'],
      ['/search?q=dune', '<title>“dune” — Search — The Big Bookshelf</title>'],
      [`/categoryBooks/${encodeURIComponent(category)}`, `<title>${category} books — The Big Bookshelf</title>`],
    ];
    for (const [url, title] of pages) {
      const browser = await get(url, { accept: 'text/html' });
      for (const { who, headers } of headerSets()) {
        const res = await get(url, headers);
        expect(res.status, `${url} ${who}`).toBe(200);
        expect(res.headers['content-type'], `${url} ${who}`).toBe('text/html; charset=utf-8');
        expect(res.headers.vary, `${url} ${who}`).toBe('Accept, Accept-Encoding');
        expect(res.body, `${url} ${who}`).toContain(title);
        expect(res.body, `${url} ${who}`).toBe(browser.body);
      }
    }
  });

  it("answers a removed book's page 410 with the page that says so, and an unknown page with the app's page", async () => {
    for (const { who, headers } of headerSets()) {
      const gone = await get(`/books/${removedId}`, headers);
      expect(gone.status, who).toBe(410);
      expect(gone.headers['content-type'], who).toBe('text/html; charset=UTF-8');
      expect(gone.headers.vary, who).toBe('Accept');
      expect(gone.body, who).toContain('<h1 class="text-3xl font-bold">This book is no longer listed</h1>');
      // The web app draws its 404 page in the page as built, as a browser gets it.
      const unknown = await get('/no/such/page', headers);
      expect(unknown.status, who).toBe(200);
      expect(unknown.headers['content-type'], who).toBe('text/html; charset=utf-8');
      expect(unknown.body, who).toBe(pageAsBuilt(indexHtml));
    }
  });
});

describe('what stays as it was', () => {
  it('answers a client taking only JSON at a page URL as before: a JSON 404 that varies by Accept', async () => {
    for (const url of [`/books/${bookId}`, '/search?q=dune', `/categoryBooks/${encodeURIComponent(category)}`]) {
      const res = await get(url, { accept: 'application/json' });
      expect(res.status, url).toBe(404);
      expect(JSON.parse(res.body), url).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
      expect(res.headers.vary, url).toBe('Accept');
    }
    const home = await get('/', { accept: 'application/json' });
    expect(home.status).toBe(200);
    expect(home.body).toBe(indexHtml);
    expect(home.headers.vary).toContain('Accept');
  });

  it('keeps answering JSON under /api, whatever the client takes', async () => {
    for (const accept of ['*/*', noAccept, 'text/html']) {
      const list = await get('/api/booksCategory', { accept });
      expect(list.status, accept).toBe(200);
      expect(list.headers['content-type'], accept).toMatch(/^application\/json/);
      const missing = await get('/api/no-such-route', { accept });
      expect(missing.status, accept).toBe(404);
      expect(JSON.parse(missing.body).code, accept).toBe('NO_SUCH_ROUTE');
    }
  });

  it('answers a missing file (a script, an icon, a picture) 404 to the clients that fetch one, not with a page', async () => {
    const fetches: [string, string | undefined][] = [
      ['/assets/index-gone.js', '*/*'],
      ['/assets/index-gone.css', 'text/css,*/*;q=0.1'],
      ['/favicon.ico', 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8'],
      ['/images/nope.webp', '*/*'],
      ['/.env', noAccept],
    ];
    for (const [url, accept] of fetches) {
      const res = await get(url, { accept });
      expect(res.status, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });
});

describe('whether a client takes HTML', () => {
  it('reads Accept by the most specific range that matches text/html, and its quality', () => {
    const takes = ['*/*', '', 'text/*', 'application/json, text/plain, */*', 'image/webp,*/*;q=0.8', 'TEXT/HTML'];
    for (const accept of [undefined, ...takes]) expect(acceptsHtml(accept), accept).toBe(true);
    const refuses = ['application/json', 'application/xml', 'image/*', 'text/html;q=0, */*', '*/*;q=0', 'x/y;q=abc'];
    for (const accept of refuses) expect(acceptsHtml(accept), accept).toBe(false);
  });
});
