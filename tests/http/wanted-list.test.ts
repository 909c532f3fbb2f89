import { afterAll, describe, expect, it } from 'vitest';
import { isbnLookups } from '#server/db/schema/isbn-lookups.ts';
import { wantedMax } from '#shared/constants.ts';
import { en } from '#shared/i18n/english.ts';
import { createBook, createCategory } from '../support/factories.ts';
import { createTestApp, errorOf, type TestUser } from '../support/test-app.ts';

// The Wanted list: ISBNs and saved searches per signed-in user, bounded, without duplicates, own only.

const t = await createTestApp();
afterAll(() => t.close());
const buyer = await t.newUser('Buyer');

const add = (as: TestUser, json: unknown) => t.call('POST', '/api/wanted', { as, json });
const list = async (as: TestUser) => {
  const res = await t.call('GET', '/api/wanted?limit=100', { as });
  expect(res.status).toBe(200);
  return { total: Number(res.headers.get('x-total-count')), items: (await res.json()) as Record<string, unknown>[] };
};

describe('the Wanted list', () => {
  it('keeps an ISBN as its ISBN-13 and a saved search with its filters; lists them newest first', async () => {
    const isbn = await add(buyer, { isbn: '0-306-40615-2' });
    expect(isbn.status).toBe(201);
    const search = await add(buyer, {
      search: { q: '  Middlemarch ', condition: 'Good', maxPrice: '12.50', category: '', verified: 'true' },
    });
    expect(search.status).toBe(201);
    const { insertedId } = (await search.json()) as { insertedId: string };
    const { items, total } = await list(buyer);
    expect(total).toBe(2);
    expect(items[0]).toMatchObject({
      _id: insertedId,
      isbn: null,
      search: { q: 'Middlemarch', condition: 'Good', maxPrice: 12.5, minPrice: null, category: null, verified: true },
    });
    expect(items[1]).toMatchObject({ isbn: '9780306406157', title: null, search: null });
  });

  it("names an ISBN entry's book once the store knows its title: the ISBN lookup's, else a listing's", async () => {
    const reader = await t.newUser('Buyer');
    await t.db.insert(isbnLookups).values({
      isbn: '9780140328721',
      outcome: 'found',
      details: { title: 'The Catalogue Title', author: null, publisher: null, publicationYear: null },
      freshUntil: new Date(Date.now() + 86_400_000),
    });
    const seller = await t.newUser('Seller');
    const category = await createCategory(t.db);
    const listed = { sellerId: seller.id, categoryId: category.id, bookName: 'A Listed Title' };
    await createBook(t.db, { ...listed, isbn: '9780140328721' });
    await createBook(t.db, { ...listed, isbn: '9780306406157' });
    await add(reader, { isbn: '9780306406157' });
    await add(reader, { isbn: '9780140328721' });
    await add(reader, { isbn: '9780441172719' });
    expect((await list(reader)).items.map(({ isbn, title }) => [isbn, title])).toEqual([
      ['9780441172719', null],
      ['9780140328721', 'The Catalogue Title'],
      ['9780306406157', 'A Listed Title'],
    ]);
  });

  it('refuses the same entry twice (an ISBN-10 and its ISBN-13 are the same), with a clear 409', async () => {
    const res = await add(buyer, { isbn: '978-0-306-40615-7' });
    expect((await errorOf(res, 409)).error).toBe(en.wanted.duplicate);
    const again = await add(buyer, {
      search: { q: 'Middlemarch', condition: 'Good', maxPrice: '12.5', verified: 'true' },
    });
    expect(again.status).toBe(409);
  });

  const refused: [string, unknown, string][] = [
    ['an invalid ISBN', { isbn: '978-0-306-40615-8' }, 'isbn'],
    ['neither an ISBN nor a search', {}, 'isbn'],
    ['both', { isbn: '0306406152', search: { q: 'x' } }, 'isbn'],
    ['a search with no words and no filter', { search: { q: ' !? ' } }, 'search.q'],
    ['a bad condition', { search: { q: 'poems', condition: 'Mint' } }, 'search.condition'],
    ['prices out of order', { search: { q: 'poems', minPrice: '9', maxPrice: '3' } }, 'search.maxPrice'],
  ];
  for (const [what, body, field] of refused) {
    it(`refuses ${what} with 400 naming ${field}`, async () => {
      const res = await add(buyer, body);
      expect((await errorOf(res, 400)).field).toBe(field);
    });
  }

  it(`holds at most ${wantedMax} entries, also when they are added at once`, async () => {
    const someone = await t.newUser('Seller');
    const results = await Promise.all(
      Array.from({ length: wantedMax + 5 }, (_, i) => add(someone, { search: { q: `title number ${i}` } })),
    );
    const statuses = results.map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(wantedMax);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    const full = results.find((res) => res.status === 409)!;
    expect((await errorOf(full, 409)).error).toBe(en.wanted.full({ max: wantedMax }));
    expect((await list(someone)).total).toBe(wantedMax);
  });

  it('removes an entry of one’s own only', async () => {
    const other = await t.newUser('Buyer');
    const { items } = await list(buyer);
    const id = items[0]!._id as string;
    expect((await t.call('DELETE', `/api/wanted/${id}`, { as: other })).status).toBe(403);
    const removed = await t.call('DELETE', `/api/wanted/${id}`, { as: buyer });
    expect(await removed.json()).toEqual({ deletedCount: 1 });
    expect((await t.call('DELETE', `/api/wanted/${id}`, { as: buyer })).status).toBe(404);
    expect((await list(buyer)).total).toBe(1);
  });
});
