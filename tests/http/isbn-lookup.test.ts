import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '#server/env.ts';
import type { Book } from '#shared/schemas/book.ts';
import type { IsbnLookup } from '#shared/schemas/isbn-lookup.ts';
import { createCategory } from '../support/factories.ts';
import { coversCertificateFile, type FakeOpenLibrary, startFakeOpenLibrary } from '../support/fake-open-library.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from '../support/test-app.ts';

let openLibrary: FakeOpenLibrary;
let t: TestApp;
let seller: TestUser;
beforeAll(async () => {
  openLibrary = await startFakeOpenLibrary();
  t = await createTestApp(openLibrary.serverEnv);
  seller = await t.newUser('Seller');
});
afterAll(async () => {
  await t.close();
  await openLibrary.stop();
});

const lookUp = async (isbn: string, app = t, as = seller) => {
  const res = await app.call('GET', `/api/isbn/${encodeURIComponent(isbn)}`, { as });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as IsbnLookup;
};
const asked = (isbn: string) => openLibrary.requests.filter((path) => path.includes(`ISBN%3A${isbn}`)).length;

describe('looking an ISBN up', () => {
  it('fills title, author, publisher, year and a cover from the Books API, asking once', async () => {
    const found = await lookUp('0-14-032872-6');
    expect(found).toEqual({
      isbn: '9780140328721',
      status: 'found',
      details: { title: 'Fantastic Mr. Fox', author: 'Roald Dahl', publisher: 'Puffin', publicationYear: 1988 },
      cover: `${openLibrary.coversUrl}/b/id/8739161-L.jpg`,
    });
    expect(asked('9780140328721')).toBe(1);
    // The cache answers again, in either spelling of the ISBN, without asking the service.
    expect(await lookUp('978-0-14-032872-1')).toEqual(found);
    expect(asked('9780140328721')).toBe(1);
  });

  it('says an unknown ISBN is not found, and remembers that too', async () => {
    expect(await lookUp('9780000000002')).toMatchObject({ status: 'not-found', details: null, cover: null });
    expect(await lookUp('9780000000002')).toMatchObject({ status: 'not-found' });
    expect(asked('9780000000002')).toBe(1);
  });

  it('gives up on a slow service after about 3 seconds: unavailable, and the form goes on', async () => {
    openLibrary.setDelay(5000);
    const started = Date.now();
    try {
      expect(await lookUp('9780441172719')).toMatchObject({ status: 'unavailable', details: null });
    } finally {
      openLibrary.setDelay(0);
    }
    expect(Date.now() - started).toBeLessThan(4500);
    // A failure is remembered for a minute only: once that passes, the service is asked again.
    await t.db.execute(`update isbn_lookups set fresh_until = now() where isbn = '9780441172719'`);
    expect(await lookUp('9780441172719')).toMatchObject({
      status: 'found',
      details: { title: 'Dune', author: 'Frank Herbert' },
    });
  });

  it('refuses what is not an ISBN (400 naming the field) and callers who are not sellers', async () => {
    const res = await t.call('GET', '/api/isbn/9780140328722', { as: seller });
    expect((await errorOf(res, 400)).field).toBe('isbn');
    const buyer = await t.newUser('Buyer');
    expect((await t.call('GET', '/api/isbn/9780140328721', { as: buyer })).status).toBe(403);
    expect((await t.call('GET', '/api/isbn/9780140328721')).status).toBe(401);
  });
});

describe('taking the suggested cover', () => {
  it('stores it through the picture pipeline, and a listing takes it as its cover', async () => {
    await lookUp('9780140328721');
    const res = await t.call('POST', '/api/isbn/9780140328721/cover', { as: seller });
    expect(res.status, await res.clone().text()).toBe(201);
    const { data } = (await res.json()) as { data: { url: string; thumbnail: string } };
    expect(data.url).toMatch(/^\/images\/[0-9a-f-]{36}\.webp$/);
    const picture = await t.app.request(data.url);
    expect(picture.headers.get('content-type')).toBe('image/webp');

    const category = await createCategory(t.db);
    const added = await t.call('POST', '/api/books', {
      as: seller,
      json: {
        bookName: 'Fantastic Mr. Fox',
        author: 'Roald Dahl',
        isbn: '9780140328721',
        publisher: 'Puffin',
        publicationYear: 1988,
        originalPrice: 10,
        resalePrice: 4,
        condition: 'Good',
        booksCategory: category.name,
        phone: '+1 415 555 0100',
        location: 'Oakland',
        description: 'A fox outwits three farmers.',
        purchaseYear: '2020-01-01',
        image: data.url,
      },
    });
    expect(added.status, await added.clone().text()).toBe(201);
    const { book } = (await added.json()) as { book: Book };
    expect(book).toMatchObject({ image: data.url, publisher: 'Puffin', publicationYear: 1988 });
  });

  it('is 404 for an ISBN nobody looked up: the server fetches no address a caller chose', async () => {
    const res = await t.call('POST', '/api/isbn/9781234567897/cover', { as: seller });
    expect((await errorOf(res, 404)).field).toBe('isbn');
  });
});

const takeCover = (isbn: string, app = t, as = seller) => app.call('POST', `/api/isbn/${isbn}/cover`, { as });
const storedFiles = (app = t) => readdirSync(app.deps.imagesDir!).length;

let editions = 0;
/** A fresh valid ISBN-13 (978-1-…) that the stand-in answers with an edition whose cover is `coverUrl`. */
function editionWithCover(coverUrl: string): string {
  editions += 1;
  const first12 = `9781${String(editions).padStart(8, '0')}`;
  const sum = [...first12].reduce((total, digit, i) => total + Number(digit) * (i % 2 ? 3 : 1), 0);
  const isbn = `${first12}${(10 - (sum % 10)) % 10}`;
  openLibrary.addEdition(isbn, coverUrl);
  return isbn;
}

/** What `app` logged at the warn level while `work` ran. */
async function warningsDuring(app: TestApp, work: () => Promise<void>) {
  const logged: [string, Record<string, unknown> | undefined][] = [];
  const { warn } = app.deps.log;
  app.deps.log.warn = (message, fields) => logged.push([message, fields]);
  try {
    await work();
  } finally {
    app.deps.log.warn = warn;
  }
  return logged;
}

describe('the covers the server fetches (only https, from the cover hosts, at public addresses)', () => {
  it('follows a redirect that stays on the cover hosts, and takes that cover', async () => {
    const isbn = editionWithCover(
      `${openLibrary.coversUrl}/redirect?to=${encodeURIComponent(`${openLibrary.coversUrl}/b/id/1001-L.jpg`)}`,
    );
    expect((await lookUp(isbn)).cover).toMatch(/\/redirect\?to=/);
    const before = storedFiles();
    const res = await takeCover(isbn);
    expect(res.status, await res.clone().text()).toBe(201);
    expect(storedFiles()).toBe(before + 2);
    expect(openLibrary.requests).toContain('/b/id/1001-L.jpg');
  });

  it('does not suggest a cover over plain http, and fetches and stores nothing of it', async () => {
    // The stand-in's http server does serve this picture: only the scheme stands in the way.
    const coverUrl = `${openLibrary.url}/b/id/1002-L.jpg`;
    const isbn = editionWithCover(coverUrl);
    const before = storedFiles();
    const logged = await warningsDuring(t, async () => {
      expect(await lookUp(isbn)).toMatchObject({ status: 'found', details: { title: `Edition ${isbn}` }, cover: null });
    });
    expect(logged).toEqual([['cover not suggested', { isbn, reason: `${coverUrl} is not https` }]]);
    expect((await errorOf(await takeCover(isbn), 404)).field).toBe('isbn');
    expect(openLibrary.requests).not.toContain('/b/id/1002-L.jpg');
    expect(storedFiles()).toBe(before);
  });

  it('does not suggest a cover on a host or a port that is not a cover host, and connects to none', async () => {
    const httpPort = new URL(openLibrary.url).port;
    for (const coverUrl of [
      // The same server under another name, and another port of the same address.
      `https://localhost:${openLibrary.coversPort}/b/id/1003-L.jpg`,
      `https://127.0.0.1:${httpPort}/b/id/1003-L.jpg`,
      'https://covers.openlibrary.org.example.test/b/id/1003-L.jpg',
      'https://169.254.169.254/latest/meta-data/',
    ]) {
      const isbn = editionWithCover(coverUrl);
      expect([coverUrl, (await lookUp(isbn)).cover]).toEqual([coverUrl, null]);
      const connections = { ...openLibrary.connections };
      expect((await errorOf(await takeCover(isbn), 404)).field).toBe('isbn');
      expect(openLibrary.connections).toEqual(connections);
    }
    expect(openLibrary.requests).not.toContain('/b/id/1003-L.jpg');
  });

  it('refuses a cover redirecting to loopback, the metadata address, a private address or plain http: 502, nothing stored', async () => {
    const httpPort = new URL(openLibrary.url).port;
    for (const target of [
      // Loopback on another port, over https and over http (where the stand-in does serve the picture).
      `https://127.0.0.1:${httpPort}/b/id/1004-L.jpg`,
      `http://127.0.0.1:${httpPort}/b/id/1004-L.jpg`,
      `https://[::ffff:127.0.0.1]:${openLibrary.coversPort}/b/id/1004-L.jpg`,
      'https://169.254.169.254/latest/meta-data/iam/security-credentials/',
      'http://169.254.169.254/latest/meta-data/',
      'https://10.0.0.5/b/id/1004-L.jpg',
      'https://192.168.1.1/b/id/1004-L.jpg',
      'file:///etc/passwd',
    ]) {
      const redirect = `${openLibrary.coversUrl}/redirect?to=${encodeURIComponent(target)}`;
      const isbn = editionWithCover(redirect);
      expect((await lookUp(isbn)).cover).toBe(redirect);
      const before = { files: storedFiles(), requests: openLibrary.requests.length };
      const logged = await warningsDuring(t, async () => {
        const res = await takeCover(isbn);
        expect([target, res.status]).toEqual([target, 502]);
        expect(await res.json()).toMatchObject({ code: 'BAD_GATEWAY', field: 'isbn' });
      });
      expect(logged).toEqual([
        ['cover refused', { isbn, reason: expect.stringMatching(/is not https|is not on the list of hosts/) }],
      ]);
      // The catalogue's own hop was asked; where it pointed never was.
      expect(openLibrary.requests.slice(before.requests)).toEqual([
        new URL(redirect).pathname + new URL(redirect).search,
      ]);
      expect(storedFiles()).toBe(before.files);
    }
    expect(openLibrary.requests).not.toContain('/b/id/1004-L.jpg');
  });

  it('refuses a cover host whose name resolves to loopback once resolved, before connecting, where loopback is not allowed', async () => {
    // A server like a store: the stand-in's names are cover hosts, but loopback addresses are not allowed.
    const strict = await createTestApp({
      ISBN_LOOKUP_URL: openLibrary.url,
      ISBN_COVER_HOSTS: `localhost:${openLibrary.coversPort},127.0.0.1:${openLibrary.coversPort}`,
      ISBN_COVER_CA_FILE: coversCertificateFile,
    });
    try {
      const someone = await strict.newUser('Seller');
      const byName = editionWithCover(`https://localhost:${openLibrary.coversPort}/b/id/1005-L.jpg`);
      // A name is suggested: what it resolves to is only known when the cover is taken.
      expect((await lookUp(byName, strict, someone)).cover).toMatch(/^https:\/\/localhost:/);
      const connections = { ...openLibrary.connections };
      const logged = await warningsDuring(strict, async () => {
        expect((await errorOf(await takeCover(byName, strict, someone), 502)).field).toBe('isbn');
      });
      expect(logged).toEqual([
        [
          'cover refused',
          {
            isbn: byName,
            reason: expect.stringMatching(/^localhost resolves to (127\.0\.0\.1|::1) is a loopback address$/),
          },
        ],
      ]);
      expect(openLibrary.connections).toEqual(connections);
      expect(storedFiles(strict)).toBe(0);

      // An address is known at once: it is not even suggested.
      const byAddress = editionWithCover(`https://127.0.0.1:${openLibrary.coversPort}/b/id/1005-L.jpg`);
      const said = await warningsDuring(strict, async () => {
        expect((await lookUp(byAddress, strict, someone)).cover).toBeNull();
      });
      expect(said).toEqual([['cover not suggested', { isbn: byAddress, reason: '127.0.0.1 is a loopback address' }]]);
      expect(openLibrary.requests).not.toContain('/b/id/1005-L.jpg');
    } finally {
      await strict.close();
    }
  });

  it('defaults to Open Library’s cover hosts, and allows loopback only outside production', () => {
    const env = readEnv({ NODE_ENV: 'test' });
    expect(env.ISBN_COVER_HOSTS).toEqual([
      { hostname: 'covers.openlibrary.org', port: '443', subdomains: false },
      { hostname: 'archive.org', port: '443', subdomains: false },
      { hostname: 'archive.org', port: '443', subdomains: true },
    ]);
    expect(env.ISBN_COVER_ALLOW_LOOPBACK).toBe('false');
    expect(() => readEnv({ NODE_ENV: 'production', ISBN_COVER_ALLOW_LOOPBACK: 'true' })).toThrow(
      /ISBN_COVER_ALLOW_LOOPBACK: is for the tests only/,
    );
    expect(() => readEnv({ NODE_ENV: 'test', ISBN_COVER_HOSTS: 'covers.example.test,http://x' })).toThrow(
      /ISBN_COVER_HOSTS: 'http:\/\/x' is not a host name/,
    );
    expect(() => readEnv({ NODE_ENV: 'test', ISBN_COVER_CA_FILE: '/nonexistent.pem' })).toThrow(
      /ISBN_COVER_CA_FILE: cannot read \/nonexistent.pem/,
    );
  });
});

describe('when the service is down', () => {
  it('still serves a cached answer, even an old one, and says unavailable for the rest: never a 5xx', async () => {
    await openLibrary.stop();
    await t.db.execute(`update isbn_lookups set fresh_until = now() - interval '1 day'`);
    const before = openLibrary.requests.length;
    expect(await lookUp('9780140328721')).toMatchObject({ status: 'found', details: { title: 'Fantastic Mr. Fox' } });
    expect(await lookUp('9789999999991')).toMatchObject({ status: 'unavailable', details: null, cover: null });
    expect(openLibrary.requests.length).toBe(before);
  });
});

describe('a seller looking up many ISBNs', () => {
  it('is limited per user like uploads, with Retry-After', async () => {
    const limited = await createTestApp({ ACTION_RATE_LIMIT: '2/60' });
    try {
      const someone = await limited.newUser('Seller');
      const answers = [];
      for (const isbn of ['9780140328721', '9780441172719', '9780000000002']) {
        answers.push(await limited.call('GET', `/api/isbn/${isbn}`, { as: someone }));
      }
      expect(answers.map((res) => res.status)).toEqual([200, 200, 429]);
      expect(Number(answers[2]!.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
