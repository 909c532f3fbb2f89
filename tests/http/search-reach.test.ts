import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchReach } from '#shared/constants.ts';
import type { Book } from '#shared/schemas/book.ts';
import { createCategory } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe('GET /api/search past its reach', () => {
  let big: TestApp;
  const listed = searchReach + 200;

  beforeAll(async () => {
    big = await createTestApp();
    const someone = await big.newUser('Seller');
    const category = await createCategory(big.db, { name: 'Fiction' });
    // Every description says "clean"; the three oldest books also have it in their titles.
    await big.db.execute(sql`
      insert into books (seller_id, category_id, book_name, original_price_cents, resale_price_cents, condition, image,
                         thumbnail, phone, location, description, purchase_year, post_date)
      select ${someone.id}, ${category.id},
             case when i <= 3 then 'Clean Code ' || i else 'Garden Stories ' || i end,
             2000, 100 + i, 'Good', '/images/test.webp', '/images/test-400.webp', '+1 415 555 0100', 'Test Street',
             'A clean copy.', '2024-05-01', timestamptz '2026-01-01' + i * interval '1 minute'
      from generate_series(1, ${listed}) as i`);
  });
  afterAll(() => big.close());

  const searchBig = async (query: string) => {
    const res = await big.call('GET', `/api/search?${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    const books = (await res.json()) as Book[];
    return { books, total: Number(res.headers.get('x-total-count')), more: res.headers.get('x-more-found') };
  };

  it('lists the first books it reaches and says more match, title matches first however old', async () => {
    const found = await searchBig('q=clean&limit=12');
    expect(found.more).toBe('true');
    expect(found.total).toBeGreaterThanOrEqual(searchReach);
    expect(found.books.slice(0, 3).map((b) => b.bookName)).toEqual(['Clean Code 3', 'Clean Code 2', 'Clean Code 1']);
  });

  it('keeps every sort exact over the books it lists', async () => {
    const newest = await searchBig('q=clean&sort=newest&limit=1');
    expect(newest.books[0]?.bookName).toBe(`Garden Stories ${listed}`);
    const cheapest = await searchBig('q=clean&sort=price_asc&limit=1');
    expect(cheapest.books[0]?.bookName).toBe('Clean Code 1');
    const dearest = await searchBig('q=clean&sort=price_desc&limit=1');
    expect(dearest.books[0]?.bookName).toBe(`Garden Stories ${listed}`);
  });

  it('counts exactly when the filters bring the books under its reach', async () => {
    const found = await searchBig('q=clean&maxPrice=2.00');
    expect(found.more).toBeNull();
    expect(found.total).toBe(100);
  });

  it('counts past the last page', async () => {
    const found = await searchBig(`q=clean&limit=100&page=${listed}`);
    expect(found.books).toEqual([]);
    expect(found.total).toBeGreaterThanOrEqual(searchReach);
  });
});
