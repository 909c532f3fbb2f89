import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { user } from '#server/db/schema/auth.ts';
import { books } from '#server/db/schema/catalog.ts';
import { bookings, payments } from '#server/db/schema/orders.ts';
import { createBook, createCategory } from '../support/factories.ts';
import { invariantViolations } from '../support/invariants.ts';
import { createTestApp, type TestUser } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';

const t = await createTestApp();
afterAll(() => t.close());
const [admin, buyer, seller] = await Promise.all([t.newUser('Admin'), t.newUser('Buyer'), t.newUser('Seller')]);

const roleOf = async (id: string) => (await t.db.select().from(user).where(eq(user.id, id)))[0];

describe('admin user lists', () => {
  it('list all users, buyers and sellers in the specification shape, with the total in a header', async () => {
    const all = await t.as(admin).users.$get({ query: {} });
    const users = await jsonOf(all, 200);
    expect(users.map((u) => u.email)).toEqual(expect.arrayContaining([admin.email, buyer.email, seller.email]));
    // The specification's fields, then what the admins' tools add.
    expect(Object.keys(users[0]!).sort()).toEqual([
      '_id',
      'capabilities',
      'closed',
      'email',
      'emailVerified',
      'formerRole',
      'joinedAt',
      'lastActiveAt',
      'name',
      'photoURL',
      'role',
      'status',
    ]);
    expect(Number(all.headers.get('x-total-count'))).toBe(users.length);

    const buyers = await jsonOf(await t.as(admin).users.buyer.$get({ query: {} }), 200);
    expect(buyers.length).toBeGreaterThan(0);
    expect(buyers.every((u) => u.role === 'Buyer')).toBe(true);
    const sellers = await jsonOf(await t.as(admin).users.seller.$get({ query: {} }), 200);
    expect(sellers.every((u) => u.role === 'Seller')).toBe(true);
  });

  it('pages the list', async () => {
    const res = await t.as(admin).users.$get({ query: { limit: '1', page: '2' } });
    expect((await jsonOf(res, 200)).length).toBe(1);
  });

  it('refuse anonymous callers (401) and other roles (403)', async () => {
    for (const path of ['/api/users', '/api/users/buyer', '/api/users/seller']) {
      expect((await t.call('GET', path)).status).toBe(401);
      expect((await t.call('GET', path, { as: buyer })).status).toBe(403);
      expect((await t.call('GET', path, { as: seller })).status).toBe(403);
    }
  });
});

describe('make admin', () => {
  it('makes a user an admin once (modifiedCount 1, then 0)', async () => {
    const someone = await t.newUser('Buyer');
    const first = await t.as(admin).users.makeAdmin[':id'].$put({ param: { id: someone.id }, json: { role: 'Admin' } });
    expect(await first.json()).toEqual({ modifiedCount: 1 });
    expect((await roleOf(someone.id))?.role).toBe('Admin');
    const again = await t.as(admin).users.makeAdmin[':id'].$put({ param: { id: someone.id }, json: { role: 'Admin' } });
    expect(await again.json()).toEqual({ modifiedCount: 0 });
    // The new admin's existing session has the new role at once.
    expect((await t.as(someone).users.$get({ query: {} })).status).toBe(200);
  });

  it('refuses non-admins, including someone promoting themselves', async () => {
    const res = await t.as(buyer).users.makeAdmin[':id'].$put({ param: { id: buyer.id }, json: { role: 'Admin' } });
    expect(res.status).toBe(403);
    expect((await t.api.users.makeAdmin[':id'].$put({ param: { id: buyer.id }, json: { role: 'Admin' } })).status).toBe(
      401,
    );
    expect((await roleOf(buyer.id))?.role).toBe('Buyer');
  });

  it('answers 400 for a bad id or body and 404 for an unknown user', async () => {
    expect(
      (await t.as(admin).users.makeAdmin[':id'].$put({ param: { id: 'nope' }, json: { role: 'Admin' } })).status,
    ).toBe(400);
    // A raw call: a role the route does not take.
    const wrongBody = await t.call('PUT', `/api/users/makeAdmin/${buyer.id}`, { as: admin, json: { role: 'Seller' } });
    expect(wrongBody.status).toBe(400);
    const unknown = await t
      .as(admin)
      .users.makeAdmin[':id'].$put({ param: { id: crypto.randomUUID() }, json: { role: 'Admin' } });
    expect(unknown.status).toBe(404);
  });
});

describe('verify a seller', () => {
  it('verifies an unverified seller once', async () => {
    const newSeller = await t.newUser('Seller');
    expect(await (await t.as(admin).users.seller[':id'].$put({ param: { id: newSeller.id } })).json()).toEqual({
      modifiedCount: 1,
    });
    expect((await roleOf(newSeller.id))?.verified).toBe(true);
    expect(await (await t.as(admin).users.seller[':id'].$put({ param: { id: newSeller.id } })).json()).toEqual({
      modifiedCount: 0,
    });
  });

  it('refuses to verify a non-seller (409), and non-admins (401/403)', async () => {
    expect((await t.as(admin).users.seller[':id'].$put({ param: { id: buyer.id } })).status).toBe(409);
    expect((await t.as(admin).users.seller[':id'].$put({ param: { id: admin.id } })).status).toBe(409);
    expect((await t.as(seller).users.seller[':id'].$put({ param: { id: seller.id } })).status).toBe(403);
    expect((await t.api.users.seller[':id'].$put({ param: { id: seller.id } })).status).toBe(401);
    expect((await roleOf(seller.id))?.verified).toBe(false);
  });
});

describe('delete a user', () => {
  it('never deletes oneself', async () => {
    const res = await t.as(admin).users[':id'].$delete({ param: { id: admin.id } });
    expect(res.status).toBe(409);
    expect(await roleOf(admin.id)).toBeDefined();
  });

  it('refuses non-admins (401/403) and answers 404 for an unknown user', async () => {
    expect((await t.api.users[':id'].$delete({ param: { id: seller.id } })).status).toBe(401);
    expect((await t.as(buyer).users[':id'].$delete({ param: { id: seller.id } })).status).toBe(403);
    expect((await t.as(admin).users[':id'].$delete({ param: { id: crypto.randomUUID() } })).status).toBe(404);
  });

  it('closes a seller’s account: unsold listings leave the store, bookings of them end, sold ones and payments stay', async () => {
    const doomed = await t.newUser('Seller', { withPassword: true });
    const meetup = { phone: '+1 555 0101', location: 'Market' };
    expect((await t.call('PUT', '/api/users/me/meetup', { as: doomed, json: meetup })).status).toBe(200);
    const someBuyer = await t.newUser('Buyer');
    const category = await createCategory(t.db);
    const available = await createBook(t.db, { sellerId: doomed.id, categoryId: category.id });
    const booked = await createBook(t.db, { sellerId: doomed.id, categoryId: category.id, status: 'Booked' });
    const sold = await createBook(t.db, { sellerId: doomed.id, categoryId: category.id, status: 'Sold' });
    const [booking] = await t.db.insert(bookings).values(bookingOf(booked.id, someBuyer)).returning();
    const [paidBooking] = await t.db
      .insert(bookings)
      .values({ ...bookingOf(sold.id, someBuyer), status: 'Paid', paidAt: new Date(), feeCents: 0, shareCents: 1000 })
      .returning();
    await t.db.insert(payments).values(paymentOf(paidBooking!.id, sold.id, someBuyer.email));

    const res = await t.as(admin).users[':id'].$delete({ param: { id: doomed.id } });
    expect(await res.json()).toEqual({ deletedCount: 1 });

    const statuses = await t.db
      .select({ id: books.id, status: books.status, phone: books.phone })
      .from(books)
      .where(inArray(books.id, [available.id, booked.id, sold.id]));
    expect(Object.fromEntries(statuses.map((b) => [b.id, b.status]))).toEqual({
      [available.id]: 'Removed',
      [booked.id]: 'Removed',
      [sold.id]: 'Sold',
    });
    expect(statuses.every((b) => b.phone === '')).toBe(true);
    const [ended] = await t.db.select().from(bookings).where(eq(bookings.id, booking!.id));
    expect(ended).toMatchObject({ status: 'Cancelled', endReason: 'The seller’s account was closed' });
    // The buyer still reads their paid order; the payment record stays.
    const order = await t.as(someBuyer).bookingItems[':id'].$get({ param: { id: paidBooking!.id } });
    expect(await order.json()).toMatchObject({ status: 'Paid', bookName: 'A book' });
    expect(await t.db.select().from(payments).where(eq(payments.email, someBuyer.email))).toHaveLength(1);
    // No sign-in, no session, a tombstone instead of the person.
    expect((await t.as(doomed).users.me.$get()).status).toBe(401);
    const signIn = await t.call('POST', '/api/auth/sign-in/email', {
      json: { email: doomed.email, password: doomed.password },
    });
    expect(signIn.status).toBe(401);
    const [closed] = await t.db.select().from(user).where(eq(user.id, doomed.id));
    expect(closed).toMatchObject({
      name: 'Closed account',
      image: null,
      email: `closed-${doomed.id}@closed.invalid`,
      meetupPhone: null,
      meetupPlace: null,
    });
    expect(closed!.closedAt).toBeInstanceOf(Date);
    const all = await t.as(admin).users.$get({ query: { limit: '100' } });
    expect((await jsonOf(all, 200)).map((u) => u._id)).not.toContain(doomed.id);
    expect((await t.as(admin).users[':id'].$delete({ param: { id: doomed.id } })).status).toBe(404);
    expect(await invariantViolations(t.db)).toEqual([]);
  });

  it('closes a buyer’s account: bookings awaiting payment end and the books are on sale again; paid ones stay', async () => {
    const doomed = await t.newUser('Buyer');
    const category = await createCategory(t.db);
    const booked = await createBook(t.db, { sellerId: seller.id, categoryId: category.id, status: 'Booked' });
    const sold = await createBook(t.db, { sellerId: seller.id, categoryId: category.id, status: 'Sold' });
    await t.db.insert(bookings).values(bookingOf(booked.id, doomed));
    const [paid] = await t.db
      .insert(bookings)
      .values({ ...bookingOf(sold.id, doomed), status: 'Paid', paidAt: new Date(), feeCents: 0, shareCents: 1000 })
      .returning();
    await t.db.insert(payments).values(paymentOf(paid!.id, sold.id, doomed.email));

    expect(await (await t.as(admin).users[':id'].$delete({ param: { id: doomed.id } })).json()).toEqual({
      deletedCount: 1,
    });

    const [bookedNow] = await t.db.select().from(books).where(eq(books.id, booked.id));
    expect(bookedNow?.status).toBe('Available');
    const ended = await t.db.select().from(bookings).where(eq(bookings.bookId, booked.id));
    expect(ended.map((b) => b.status)).toEqual(['Cancelled']);
    const tombstone = `closed-${doomed.id}@closed.invalid`;
    const [paidNow] = await t.db.select().from(bookings).where(eq(bookings.id, paid!.id));
    expect(paidNow).toMatchObject({ status: 'Paid', buyerId: doomed.id, email: tombstone, contact: '' });
    const [soldNow] = await t.db.select().from(books).where(eq(books.id, sold.id));
    expect(soldNow?.status).toBe('Sold');
    const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, paid!.id));
    expect(payment).toMatchObject({ email: tombstone, priceCents: 1000 });
    expect(await invariantViolations(t.db)).toEqual([]);
  });

  it('lets one of two admins racing to delete each other win, never both', async () => {
    const [a, b] = await Promise.all([t.newUser('Admin'), t.newUser('Admin')]);
    const results = await Promise.all([
      t.as(a).users[':id'].$delete({ param: { id: b.id } }),
      t.as(b).users[':id'].$delete({ param: { id: a.id } }),
    ]);
    const [won, lost] = results.map((r) => r.status).sort();
    expect(won).toBe(200);
    expect([401, 403]).toContain(lost);
    const open = await t.db
      .select()
      .from(user)
      .where(and(inArray(user.id, [a.id, b.id]), isNull(user.closedAt)));
    expect(open).toHaveLength(1);
  });
});

function bookingOf(bookId: string, buyer: TestUser) {
  return {
    bookId,
    buyerId: buyer.id,
    email: buyer.email,
    bookName: 'A book',
    priceCents: 1000,
    contact: '+1 415 555 0100',
    meetingLocation: 'Library',
  };
}

function paymentOf(bookingId: string, bookId: string, email: string) {
  return {
    bookingId,
    bookId,
    email,
    priceCents: 1000,
    currency: 'USD',
    provider: 'test',
    transactionId: `pi_${crypto.randomUUID()}`,
  };
}
