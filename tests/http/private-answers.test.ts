import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { user } from '#server/db/schema/auth.ts';
import { bookings } from '#server/db/schema/orders.ts';
import { createBook, createCategory } from '../support/factories.ts';
import { createTestApp, type TestUser } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';

/**
 * Signed-in reads of one's own data answered from memory (http/private-answer.ts): a change made straight in the
 * database stands for one made through another server, which this one sees only when its version window ends.
 */
const t = await createTestApp({ CACHE_MAX_STALENESS_MS: '60000' });
afterAll(() => t.close());
const seller = await t.newUser('Seller');
const categoryId = (await createCategory(t.db, { name: 'Fiction' })).id;

const orders = async (who: TestUser, headers: Record<string, string> = {}) =>
  t.as(who).wishList[':email'].$get({ param: { email: encodeURIComponent(who.email) }, query: {} }, { headers });
const names = async (res: Awaited<ReturnType<typeof orders>>) => (await jsonOf(res, 200)).map((b) => b.bookName);

async function book(buyer: TestUser, bookName: string) {
  const row = await createBook(t.db, { sellerId: seller.id, categoryId, bookName });
  const res = await t
    .as(buyer)
    .booking.$post({ json: { bookId: row.id, contact: '+1 415 555 0199', meetinglocation: 'Main library steps' } });
  expect(res.status).toBe(200);
}

describe('signed-in reads of one’s own data', () => {
  it('never answer one person with another’s data', async () => {
    const [ann, bob] = await Promise.all([t.newUser('Buyer'), t.newUser('Buyer')]);
    await book(ann, 'Ann’s Book');
    await book(bob, 'Bob’s Book');
    expect(await names(await orders(ann))).toEqual(['Ann’s Book']);
    expect(await names(await orders(bob))).toEqual(['Bob’s Book']);
    expect((await orders(ann, { cookie: bob.headers.cookie! })).status).toBe(403);
    expect(await names(await orders(ann))).toEqual(['Ann’s Book']);
  });

  it('show one’s own change through this server at once, and another server’s when the version window ends', async () => {
    const buyer = await t.newUser('Buyer');
    await book(buyer, 'First');
    expect(await names(await orders(buyer))).toEqual(['First']);

    // As through another server: this one keeps its answer while its reading of the versions is trusted.
    await t.db.update(bookings).set({ bookName: 'Renamed elsewhere' }).where(eq(bookings.email, buyer.email));
    expect(await names(await orders(buyer))).toEqual(['First']);

    // A write answered here makes the next read check the versions.
    await book(buyer, 'Second');
    expect(await names(await orders(buyer))).toEqual(['Second', 'Renamed elsewhere']);
  });

  it('are private to the browser and revalidated with a 304', async () => {
    const buyer = await t.newUser('Buyer');
    const first = await t.as(buyer).users.me.$get();
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const etag = first.headers.get('etag')!;
    const again = await t.as(buyer).users.me.$get(undefined, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('show an admin a new account and a changed role in the user lists', async () => {
    const admin = await t.newUser('Admin');
    const list = async () =>
      (await jsonOf(await t.as(admin).users.seller.$get({ query: { limit: '100' } }), 200)).map((u) => u.email);
    const before = await list();
    const newcomer = await t.newUser('Seller');
    await t.as(admin).users.makeAdmin[':id'].$put({ param: { id: seller.id }, json: { role: 'Admin' } });
    const after = await list();
    expect(after).toContain(newcomer.email);
    expect(after).not.toContain(seller.email);
    expect(before).toContain(seller.email);
    await t.db.update(user).set({ role: 'Seller' }).where(eq(user.id, seller.id));
  });

  it('answer the role checks per person and per check', async () => {
    const buyer = await t.newUser('Buyer');
    const check = async (kind: string) =>
      (await t.call('GET', `/api/users/${kind}/${encodeURIComponent(buyer.email)}`, { as: buyer })).json();
    expect(await check('buyer')).toEqual({ isBuyer: true });
    expect(await check('seller')).toEqual({ isSeller: false });
    expect(await check('admin')).toEqual({ isAdmin: false });
  });
});
