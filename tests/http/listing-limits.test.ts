import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { books } from '#server/db/schema/catalog.ts';
import { readEnv } from '#server/env.ts';
import { waitInWords } from '#shared/durations.ts';
import { en } from '#shared/i18n/english.ts';
import { createCategory } from '../support/factories.ts';
import { createTestApp, errorOf, type TestUser } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';
import { uploadedImageUrl } from '../support/uploads.ts';

// A seller lists at most LISTING_LIMIT's books in each of its windows: here 5 in 10 minutes (a burst) and 8 in a
// day (a cap). Counted from the seller's books under their account's lock, so listings sent at once cannot pass it.

const t = await createTestApp({ LISTING_LIMIT: '5/10m,8/1d' });
afterAll(() => t.close());
const category = (await createCategory(t.db)).name;

/** A listing body with a picture `seller` uploaded. */
async function listingOf(seller: TestUser, bookName = 'The Waves') {
  return {
    bookName,
    originalPrice: 20,
    resalePrice: 6,
    condition: 'Good' as const,
    booksCategory: category,
    image: await uploadedImageUrl(t, seller),
    phone: '+1 415 555 0100',
    location: 'Town',
    description: 'A copy from a shelf being cleared.',
    purchaseYear: '2023-04-01',
  };
}
const list = async (seller: TestUser, bookName?: string) =>
  t.as(seller).books.$post({ json: await listingOf(seller, bookName) });
const booksOf = async (seller: TestUser) =>
  (await t.db.select({ id: books.id }).from(books).where(eq(books.sellerId, seller.id))).length;

describe('LISTING_LIMIT', () => {
  it('refuses the sixth listing in 10 minutes with 429, naming the limit and when it frees up; other sellers list on', async () => {
    const seller = await t.newUser('Seller');
    for (let i = 1; i <= 5; i++) expect((await list(seller, `Shelf ${i}`)).status).toBe(201);

    const refused = await list(seller, 'Shelf 6');
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(500);
    expect(wait).toBeLessThanOrEqual(600);
    expect(await errorOf(refused, 429)).toEqual({
      error: en.addBook.tooManyListings({ max: 5, period: '10 minutes', wait: waitInWords(wait) }),
      code: 'TOO_MANY_REQUESTS',
    });
    expect(await booksOf(seller)).toBe(5);

    const other = await t.newUser('Seller');
    expect((await list(other)).status).toBe(201);
  });

  it('twelve listings of one seller sent at once: exactly five are listed, the rest get 429', async () => {
    const seller = await t.newUser('Seller');
    // The pictures are uploaded one by one: the image queue's own limit (IMAGE_QUEUE_LENGTH) is not under test here.
    const bodies = [];
    for (let i = 0; i < 12; i++) bodies.push(await listingOf(seller, `Burst ${i}`));
    const answers = await Promise.all(bodies.map((json) => t.as(seller).books.$post({ json })));
    const statuses: number[] = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expect(await booksOf(seller)).toBe(5);
  });

  it('caps a day at 8 once the burst has passed; a deleted listing still counts', async () => {
    const seller = await t.newUser('Seller');
    const first = await jsonOf(await list(seller), 201);
    for (let i = 0; i < 4; i++) expect((await list(seller)).status).toBe(201);
    expect((await t.as(seller).books[':id'].$delete({ param: { id: first.insertedId } })).status).toBe(200);
    expect((await list(seller)).status).toBe(429);

    // Eleven minutes later (the clock moved behind the app's back): the burst's window is free again.
    await t.db
      .update(books)
      .set({ postDate: sql`${books.postDate} - interval '11 minutes'` })
      .where(eq(books.sellerId, seller.id));
    for (let i = 0; i < 3; i++) expect((await list(seller)).status).toBe(201);

    const refused = await list(seller);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(86_400 - 720);
    expect(wait).toBeLessThanOrEqual(86_400 - 660);
    expect((await errorOf(refused, 429)).error).toBe(
      en.addBook.tooManyListings({ max: 8, period: '1 day', wait: waitInWords(wait) }),
    );
    expect(waitInWords(wait)).toBe('24 hours');
  });

  it("is read from '<listings>/<period>' rules or 'off'; a wrong value stops the start naming LISTING_LIMIT", () => {
    expect(readEnv({}).LISTING_LIMIT).toEqual([
      { max: 20, windowSeconds: 600 },
      { max: 200, windowSeconds: 86_400 },
    ]);
    expect(readEnv({ LISTING_LIMIT: 'off' }).LISTING_LIMIT).toEqual([]);
    expect(readEnv({ LISTING_LIMIT: '3/90, 50/12h' }).LISTING_LIMIT).toEqual([
      { max: 3, windowSeconds: 90 },
      { max: 50, windowSeconds: 43_200 },
    ]);
    for (const wrong of ['20 a minute', '0/10m', '5/0', '5/10w', '5/31d', '1/1s,'])
      expect(() => readEnv({ LISTING_LIMIT: wrong }), wrong).toThrow(/LISTING_LIMIT: /);
  });
});
