import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '#shared/schemas/book.ts';
import type { IsbnLookup } from '#shared/schemas/isbn-lookup.ts';
import { createCategory } from '../support/factories.ts';
import { type FakeOpenLibrary, startFakeOpenLibrary } from '../support/fake-open-library.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from '../support/test-app.ts';

let openLibrary: FakeOpenLibrary;
let t: TestApp;
let seller: TestUser;
beforeAll(async () => {
  openLibrary = await startFakeOpenLibrary();
  t = await createTestApp({ ISBN_LOOKUP_URL: openLibrary.url });
  seller = await t.newUser('Seller');
});
afterAll(async () => {
  await t.close();
  await openLibrary.stop();
});

const lookUp = async (isbn: string) => {
  const res = await t.call('GET', `/api/isbn/${encodeURIComponent(isbn)}`, { as: seller });
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
      cover: `${openLibrary.url}/b/id/8739161-L.jpg`,
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
