import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '#shared/schemas/book.ts';
import { createBook, createCategory } from '../support/factories.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from '../support/test-app.ts';

let t: TestApp;
let seller: TestUser;
let verifiedSeller: TestUser;
const ids: Record<string, string> = {};

const search = async (query: string) => {
  const res = await t.call('GET', `/api/search?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  const books = (await res.json()) as Book[];
  return {
    res,
    books,
    names: books.map((b) => b.bookName),
    total: Number(res.headers.get('x-total-count')),
    match: res.headers.get('x-search-match'),
    suggestion: decodeURIComponent(res.headers.get('x-did-you-mean') ?? ''),
  };
};
const q = (text: string) => `q=${encodeURIComponent(text.toWellFormed())}`;

beforeAll(async () => {
  t = await createTestApp();
  [seller, verifiedSeller] = await Promise.all([t.newUser('Seller'), t.newUser('Seller')]);
  await t.db.execute(`update "user" set verified = true where id = '${verifiedSeller.id}'`);
  const fantasy = await createCategory(t.db, { name: 'Fantasy' });
  const fiction = await createCategory(t.db, { name: 'Fiction' });
  const history = await createCategory(t.db, { name: 'History' });
  const book = async (
    key: string,
    values: Omit<Parameters<typeof createBook>[1], 'sellerId'> & { sellerId?: string },
  ) => {
    const row = await createBook(t.db, { sellerId: seller.id, ...values });
    ids[key] = row.id;
  };
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  await book('hobbit', {
    categoryId: fantasy.id,
    bookName: 'The Hobbit',
    author: 'J. R. R. Tolkien',
    isbn: '9780547928227',
    description: 'Bilbo Baggins leaves the Shire with thirteen dwarves.',
    resalePriceCents: 900,
    condition: 'Good',
    postDate: day(1),
  });
  await book('rings', {
    categoryId: fantasy.id,
    bookName: 'The Fellowship of the Ring',
    author: 'J. R. R. Tolkien',
    description: 'The first part of the war of the ring.',
    resalePriceCents: 1500,
    condition: 'Excellent',
    postDate: day(2),
    sellerId: verifiedSeller.id,
  });
  await book('potter', {
    categoryId: fantasy.id,
    bookName: "Harry Potter and the Philosopher's Stone",
    author: 'J. K. Rowling',
    description: 'A boy wizard goes to school.',
    resalePriceCents: 700,
    condition: 'Fair',
    postDate: day(3),
  });
  await book('solitude', {
    categoryId: fiction.id,
    bookName: 'One Hundred Years of Solitude',
    author: 'Gabriel García Márquez',
    description: 'Seven generations of the Buendía family in Macondo.',
    resalePriceCents: 825,
    postDate: day(4),
  });
  // Mentions the hobbit only in its description: it must come after the book called so.
  await book('guide', {
    categoryId: history.id,
    bookName: 'A Guide to Middle-earth',
    author: 'Robert Foster',
    description: 'Every place and person, from the hobbit holes of the Shire to Mordor.',
    resalePriceCents: 1200,
    postDate: day(5),
  });
  await book('sold', {
    categoryId: fantasy.id,
    bookName: 'The Hobbit, sold copy',
    author: 'J. R. R. Tolkien',
    status: 'Sold',
    postDate: day(6),
  });
  await book('hidden', {
    categoryId: fantasy.id,
    bookName: 'The Hobbit, hidden copy',
    author: 'J. R. R. Tolkien',
    reported: true,
    hidden: true,
    postDate: day(7),
  });
  await book('removed', {
    categoryId: fantasy.id,
    bookName: 'The Hobbit, removed',
    status: 'Removed',
    postDate: day(8),
  });
  await book('booked', { categoryId: fantasy.id, bookName: 'The Hobbit, booked', status: 'Booked', postDate: day(9) });
  // Ten more for paging.
  for (let i = 0; i < 10; i++) {
    await book(`dragon${i}`, {
      categoryId: history.id,
      bookName: `Dragons of the North, volume ${i + 1}`,
      author: 'Ann Smith',
      resalePriceCents: 1000 + i,
      postDate: day(10 + i),
    });
  }
});
afterAll(() => t.close());

describe('GET /api/search', () => {
  it('puts a book whose title has the words before one that only mentions them, and answers the list shape', async () => {
    const found = await search(q('hobbit'));
    expect(found.books.map((b) => b._id)).toEqual([ids.hobbit, ids.guide]);
    expect(found.total).toBe(2);
    expect(found.match).toBe('words');
    expect(found.books[0]).toMatchObject({
      bookName: 'The Hobbit',
      author: 'J. R. R. Tolkien',
      isbn: '9780547928227',
      resalePrice: 9,
      currency: 'USD',
      status: 'Available',
      booksCategory: 'Fantasy',
    });
  });

  it('finds by author and category, with English stems', async () => {
    expect((await search(q('tolkien'))).names).toEqual(['The Fellowship of the Ring', 'The Hobbit']);
    expect((await search(q('leaving dwarves'))).names).toEqual(['The Hobbit']);
    expect((await search(q('fantasy wizards'))).names).toEqual(["Harry Potter and the Philosopher's Stone"]);
  });

  it('ignores accents both ways', async () => {
    expect((await search(q('garcia marquez'))).names).toEqual(['One Hundred Years of Solitude']);
    expect((await search(q('Gárcía MÁRQUEZ'))).names).toEqual(['One Hundred Years of Solitude']);
    expect((await search(q('buendia'))).names).toEqual(['One Hundred Years of Solitude']);
  });

  it('forgives typos: corrects mistyped words and says so', async () => {
    const potter = await search(q('harry pottr'));
    expect(potter.names).toEqual(["Harry Potter and the Philosopher's Stone"]);
    expect(potter.match).toBe('corrected');
    expect(potter.suggestion).toBe('harry potter');
    const tolkein = await search(q('tolkein'));
    expect(tolkein.match).toBe('corrected');
    expect(tolkein.suggestion).toBe('tolkien');
    expect(tolkein.names).toEqual(['The Fellowship of the Ring', 'The Hobbit']);
  });

  it('falls back to titles and authors that look like the search', async () => {
    // "teh" is like no word of any title (so nothing corrects it), but the title is like the whole search.
    const found = await search(q('harry potter and teh philosopher'));
    expect(found.match).toBe('similar');
    expect(found.names).toEqual(["Harry Potter and the Philosopher's Stone"]);
    const runTogether = await search(q('harrypotter'));
    expect(runTogether.names).toEqual(["Harry Potter and the Philosopher's Stone"]);
    const nothing = await search(q('qwxzv'));
    expect([nothing.match, nothing.total, nothing.suggestion]).toEqual(['none', 0, '']);
  });

  it('finds by ISBN-13 or ISBN-10, with or without hyphens', async () => {
    for (const isbn of ['9780547928227', '978-0-547-92822-7', '054792822X', '0-547-92822-x']) {
      const found = await search(q(isbn));
      expect(
        found.books.map((b) => b._id),
        isbn,
      ).toEqual([ids.hobbit]);
    }
  });

  it('shows only Available books that reports have not hidden', async () => {
    const found = await search(q('hobbit copy removed booked'));
    expect(found.total).toBe(0);
    const all = await search('limit=100');
    expect(all.match).toBe('all');
    const shown = new Set(all.books.map((b) => b._id));
    for (const key of ['sold', 'hidden', 'removed', 'booked']) expect(shown.has(ids[key]!), key).toBe(false);
    expect(all.total).toBe(15);
  });

  it('filters by category, condition, price and verified sellers', async () => {
    expect((await search(`${q('tolkien')}&condition=Good`)).names).toEqual(['The Hobbit']);
    expect((await search(`${q('tolkien')}&verified=true`)).names).toEqual(['The Fellowship of the Ring']);
    expect((await search('category=Fiction')).names).toEqual(['One Hundred Years of Solitude']);
    expect((await search('category=No%20such')).total).toBe(0);
    const cheap = await search('maxPrice=8.25&sort=price_asc');
    expect(cheap.names).toEqual(["Harry Potter and the Philosopher's Stone", 'One Hundred Years of Solitude']);
    expect((await search('minPrice=12&maxPrice=15&sort=price_desc')).names).toEqual([
      'The Fellowship of the Ring',
      'A Guide to Middle-earth',
    ]);
    // Empty filters are no filters: the web app's form may send them.
    expect((await search('q=&category=&condition=&minPrice=&maxPrice=&verified=&sort=')).total).toBe(15);
  });

  it('sorts by relevance, newest, and price both ways', async () => {
    const relevance = await search(q('hobbit'));
    expect(relevance.names).toEqual(['The Hobbit', 'A Guide to Middle-earth']);
    expect((await search(`${q('hobbit')}&sort=newest`)).names).toEqual(['A Guide to Middle-earth', 'The Hobbit']);
    expect((await search(`${q('tolkien')}&sort=price_asc`)).names).toEqual([
      'The Hobbit',
      'The Fellowship of the Ring',
    ]);
    expect((await search(`${q('tolkien')}&sort=price_desc`)).names).toEqual([
      'The Fellowship of the Ring',
      'The Hobbit',
    ]);
    // Without words, relevance means newest first.
    expect((await search('sort=relevance&limit=1')).names).toEqual(['Dragons of the North, volume 10']);
  });

  it('pages, with the total of all pages in X-Total-Count', async () => {
    const first = await search(`${q('dragons')}&limit=4&sort=price_asc`);
    const third = await search(`${q('dragons')}&limit=4&page=3&sort=price_asc`);
    const beyond = await search(`${q('dragons')}&limit=4&page=9`);
    expect(first.total).toBe(10);
    expect(first.names).toEqual([1, 2, 3, 4].map((n) => `Dragons of the North, volume ${n}`));
    expect(third.names).toEqual([9, 10].map((n) => `Dragons of the North, volume ${n}`));
    expect(beyond.books).toEqual([]);
    expect(beyond.total).toBe(10);
  });

  it('takes any text of up to 200 characters as a search, never as an error', async () => {
    const texts = [
      '',
      ' ',
      '"',
      "'",
      '"unclosed quote',
      '%',
      '_',
      '%_%',
      '\\',
      '\\\\x',
      '😀📚',
      'a\u0000b',
      "'; drop table books; --",
      '" or 1=1 --',
      '!!! & | ! <-> :* ()',
      'hobbit -',
      'or',
      '-',
      'the',
      '\u202e\u0645',
      '\ud800',
      'x'.repeat(200),
      '😀'.repeat(200),
      'hobbit '.repeat(28),
    ];
    for (const text of texts) {
      const res = await t.call('GET', `/api/search?${q(text)}`);
      expect(res.status, JSON.stringify(text)).toBe(200);
      expect(Array.isArray(await res.json())).toBe(true);
    }
    expect((await search(q('hobbit -guide'))).names).toEqual(['The Hobbit']);
  });

  it('refuses a longer search and filters out of range with 400 naming the field', async () => {
    const cases: [string, string][] = [
      [q('x'.repeat(201)), 'q'],
      [q('😀'.repeat(201)), 'q'],
      ['minPrice=-1', 'minPrice'],
      ['minPrice=abc', 'minPrice'],
      ['maxPrice=1000000.01', 'maxPrice'],
      ['maxPrice=1.234', 'maxPrice'],
      ['minPrice=10&maxPrice=5', 'maxPrice'],
      ['condition=Mint', 'condition'],
      ['sort=cheapest', 'sort'],
      ['verified=yes', 'verified'],
      ['page=0', 'page'],
      ['limit=101', 'limit'],
      [`category=${'c'.repeat(101)}`, 'category'],
    ];
    for (const [query, field] of cases) {
      const res = await t.call('GET', `/api/search?${query}`);
      const error = await errorOf(res, 400);
      expect(error, query).toEqual({ error: expect.any(String), code: 'BAD_REQUEST', field });
    }
    const long = await errorOf(await t.call('GET', `/api/search?${q('x'.repeat(201))}`), 400);
    expect(long.error).toBe('a search can be at most 200 characters long');
  });

  it('shows a change to the catalogue at once', async () => {
    const before = await search(q('zanzibar'));
    expect(before.total).toBe(0);
    const category = await createCategory(t.db, { name: 'Travel' });
    await createBook(t.db, { sellerId: seller.id, categoryId: category.id, bookName: 'Zanzibar by Night' });
    t.sawWrites();
    expect((await search(q('zanzibar'))).names).toEqual(['Zanzibar by Night']);
    expect((await search(q('travel'))).names).toEqual(['Zanzibar by Night']);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await (await t.call('GET', '/api/openapi.json')).json()) as {
      paths: Record<string, { get?: { parameters?: { name: string }[] } }>;
    };
    const names = doc.paths['/api/search']?.get?.parameters?.map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'q',
        'category',
        'condition',
        'minPrice',
        'maxPrice',
        'verified',
        'sort',
        'page',
        'limit',
      ]),
    );
  });
});
