import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '#server/db/schema/auth.ts';
import { lastAdminRefusal } from '#server/features/users/admin-role.service.ts';
import { createTestApp, errorOf, type TestUser } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';

const t = await createTestApp();
afterAll(() => t.close());
const [admin, buyer] = await Promise.all([t.newUser('Admin'), t.newUser('Buyer')]);

const accountOf = async (id: string) => (await t.db.select().from(user).where(eq(user.id, id)))[0]!;
const makeAdmin = (by: TestUser, id: string) =>
  t.as(by).users.makeAdmin[':id'].$put({ param: { id }, json: { role: 'Admin' } });
const revokeAdmin = (by: TestUser, id: string) => t.as(by).users[':id'].admin.$delete({ param: { id } });
const earnings = (as: TestUser) => t.call('GET', '/api/payouts/earnings', { as });
const adminList = (as: TestUser) => t.call('GET', '/api/users', { as });

describe('roles are capabilities', () => {
  it('keeps a seller made admin selling, and gives the seller role back when the admin role is taken back', async () => {
    const seller = await t.newUser('Seller', { verified: true });
    expect((await earnings(seller)).status).toBe(200);
    expect(await jsonOf(await makeAdmin(admin, seller.id), 200)).toEqual({ modifiedCount: 1 });
    expect(await accountOf(seller.id)).toMatchObject({ role: 'Admin', formerRole: 'Seller', verified: true });
    // Both at once: the admin's lists and the seller's own pages.
    expect((await adminList(seller)).status).toBe(200);
    expect((await earnings(seller)).status).toBe(200);

    expect(await jsonOf(await revokeAdmin(admin, seller.id), 200)).toEqual({ modifiedCount: 1 });
    expect(await accountOf(seller.id)).toMatchObject({ role: 'Seller', formerRole: null, verified: true });
    expect((await adminList(seller)).status).toBe(403);
    expect((await earnings(seller)).status).toBe(200);
  });

  it('gives a buyer made admin no seller pages, and makes them a buyer again', async () => {
    const someone = await t.newUser('Buyer');
    await jsonOf(await makeAdmin(admin, someone.id), 200);
    expect((await earnings(someone)).status).toBe(403);
    await jsonOf(await revokeAdmin(admin, someone.id), 200);
    expect(await accountOf(someone.id)).toMatchObject({ role: 'Buyer', formerRole: null });
  });

  it('answers the lists with what an admin needs: capabilities, former role, join date and last activity', async () => {
    const seller = await t.newUser('Seller');
    await jsonOf(await makeAdmin(admin, seller.id), 200);
    const listed = await jsonOf(await t.as(admin).users.$get({ query: { q: seller.email } }), 200);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      _id: seller.id,
      role: 'Admin',
      formerRole: 'Seller',
      capabilities: ['Admin', 'Seller'],
      closed: false,
    });
    expect(Date.parse(listed[0]!.joinedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(listed[0]!.lastActiveAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('taking the admin role back', () => {
  it('answers 0 for someone who is not an admin, 404 for an unknown user', async () => {
    expect(await jsonOf(await revokeAdmin(admin, buyer.id), 200)).toEqual({ modifiedCount: 0 });
    await errorOf(await revokeAdmin(admin, crypto.randomUUID()), 404);
  });

  it('refuses anonymous callers (401) and non-admins (403)', async () => {
    const other = await t.newUser('Admin');
    expect((await t.api.users[':id'].admin.$delete({ param: { id: other.id } })).status).toBe(401);
    expect((await revokeAdmin(buyer, other.id)).status).toBe(403);
    expect((await accountOf(other.id)).role).toBe('Admin');
  });

  it('ends the admin pages for the person at once, in the session they have', async () => {
    const other = await t.newUser('Admin');
    expect((await adminList(other)).status).toBe(200);
    await jsonOf(await revokeAdmin(admin, other.id), 200);
    expect((await adminList(other)).status).toBe(403);
  });
});

describe('one admin always remains', () => {
  // A store of its own, so that the test knows every admin there is.
  let store: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    store = await createTestApp();
  });
  afterAll(() => store.close());

  const openAdmins = async () =>
    (
      await store.db
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.role, 'Admin'), isNull(user.closedAt)))
    ).map((row) => row.id);
  const revoke = (by: TestUser, id: string) => store.as(by).users[':id'].admin.$delete({ param: { id } });

  it('refuses to take the role from the last admin (409), themselves included', async () => {
    const only = await store.newUser('Admin');
    expect(await openAdmins()).toEqual([only.id]);
    const refused = await errorOf(await revoke(only, only.id), 409);
    expect(refused).toMatchObject({ error: lastAdminRefusal, code: 'CONFLICT' });
    expect(await openAdmins()).toEqual([only.id]);

    // With a second admin, either may give the role up; the one left keeps it.
    const second = await store.newUser('Admin');
    expect(await jsonOf(await revoke(only, only.id), 200)).toEqual({ modifiedCount: 1 });
    await errorOf(await revoke(second, second.id), 409);
    expect(await openAdmins()).toEqual([second.id]);
    await store.db.update(user).set({ role: 'Buyer' }).where(eq(user.id, second.id));
  });

  it('leaves exactly one of two admins taking the role from each other at once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [a, b] = await Promise.all([store.newUser('Admin'), store.newUser('Admin')]);
      expect((await openAdmins()).sort()).toEqual([a.id, b.id].sort());
      const answers = await Promise.all([revoke(a, b.id), revoke(b, a.id)]);
      const statuses = answers.map((res) => res.status).sort();
      // The second to go is no longer an admin (403); had it still been one, the last-admin rule says 409.
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      expect(await openAdmins()).toHaveLength(1);
      await store.db
        .update(user)
        .set({ role: 'Buyer' })
        .where(inArray(user.id, [a.id, b.id]));
    }
  });

  it('leaves one admin when one takes the role back while the other closes their account', async () => {
    const [a, b] = await Promise.all([store.newUser('Admin'), store.newUser('Admin')]);
    const answers = await Promise.all([revoke(a, b.id), store.as(b).users[':id'].$delete({ param: { id: a.id } })]);
    expect(answers.map((res) => res.status).filter((status) => status === 200)).toHaveLength(1);
    expect(await openAdmins()).toHaveLength(1);
  });
});

describe('the admins’ user lists', () => {
  const marker = crypto.randomUUID().slice(0, 8);
  let found: TestUser[];
  beforeAll(async () => {
    found = await Promise.all([
      t.newUser('Seller', { name: `Zed ${marker} Verified`, verified: true }),
      t.newUser('Seller', { name: `Zed ${marker} Plain` }),
      t.newUser('Buyer', { name: `Zed ${marker} Buyer` }),
      t.newUser('Buyer', { name: `Zed ${marker} Closed` }),
    ]);
    await jsonOf(await t.as(admin).users[':id'].$delete({ param: { id: found[3]!.id } }), 200);
  });
  const names = (users: { name: string }[]) => users.map((u) => u.name);

  it('search names and emails in any case, with % and _ taken literally', async () => {
    const byName = await jsonOf(await t.as(admin).users.$get({ query: { q: marker.toUpperCase() } }), 200);
    expect(names(byName)).toEqual([`Zed ${marker} Buyer`, `Zed ${marker} Plain`, `Zed ${marker} Verified`]);
    const byEmail = await jsonOf(await t.as(admin).users.$get({ query: { q: found[0]!.email.slice(0, 12) } }), 200);
    expect(byEmail.map((u) => u._id)).toContain(found[0]!.id);
    expect(await jsonOf(await t.as(admin).users.$get({ query: { q: '%' } }), 200)).toEqual([]);
  });

  it('filter by role, verification and closed accounts, and count what they keep', async () => {
    const sellers = await t.as(admin).users.$get({ query: { q: marker, role: 'Seller' } });
    expect(names(await jsonOf(sellers, 200))).toEqual([`Zed ${marker} Plain`, `Zed ${marker} Verified`]);
    expect(sellers.headers.get('x-total-count')).toBe('2');
    const verified = await t.as(admin).users.seller.$get({ query: { q: marker, verified: 'true' } });
    expect(names(await jsonOf(verified, 200))).toEqual([`Zed ${marker} Verified`]);
    const unverified = await t.as(admin).users.$get({ query: { q: marker, verified: 'false' } });
    expect(names(await jsonOf(unverified, 200))).toEqual([`Zed ${marker} Buyer`, `Zed ${marker} Plain`]);
    const buyers = await t.as(admin).users.buyer.$get({ query: { q: marker } });
    expect(names(await jsonOf(buyers, 200))).toEqual([`Zed ${marker} Buyer`]);

    // A closed account has a tombstone for a name and email: only the closed filter shows it.
    const closed = await jsonOf(await t.as(admin).users.$get({ query: { closed: 'true' } }), 200);
    expect(closed.map((u) => u._id)).toEqual([found[3]!.id]);
    expect(closed[0]).toMatchObject({ closed: true });
    const open = await jsonOf(await t.as(admin).users.$get({ query: { limit: '100' } }), 200);
    expect(open.map((u) => u._id)).not.toContain(found[3]!.id);
  });

  it('refuse a filter they do not know (400)', async () => {
    expect((await t.call('GET', '/api/users?role=Owner', { as: admin })).status).toBe(400);
    expect((await t.call('GET', '/api/users?closed=yes', { as: admin })).status).toBe(400);
  });
});
