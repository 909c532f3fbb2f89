import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, secondServer, type TestApp, type TestUser } from '../support/test-app.ts';

type Call = TestApp['call'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const me = async (call: Call, as: TestUser) => {
  const res = await call('GET', '/api/users/me', { as });
  return {
    status: res.status,
    user: res.status === 200 ? ((await res.json()) as { role: string; name: string }) : null,
  };
};

describe('on one server, the remembered session follows every change made through it at once', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    // A minute-long window: only calls this server answers can make it look again.
    t = await createTestApp({ CACHE_MAX_STALENESS_MS: '60000' });
    admin = await t.newUser('Admin');
  });
  afterAll(() => t.close());

  it('signing out ends the session', async () => {
    const buyer = await t.newUser('Buyer');
    expect((await me(t.call, buyer)).status).toBe(200);
    expect((await t.call('POST', '/api/auth/sign-out', { as: buyer })).status).toBe(200);
    expect((await me(t.call, buyer)).status).toBe(401);
  });

  it('a new role, a new name and a deleted account', async () => {
    const someone = await t.newUser('Buyer', { name: 'First Name' });
    expect((await me(t.call, someone)).user).toMatchObject({ role: 'Buyer', name: 'First Name' });

    expect(
      (await t.as(admin).users.makeAdmin[':id'].$put({ param: { id: someone.id }, json: { role: 'Admin' } })).status,
    ).toBe(200);
    expect((await me(t.call, someone)).user?.role).toBe('Admin');
    expect((await t.as(someone).users.$get({ query: {} })).status).toBe(200);

    const renamed = await t.as(someone).users.me.$put({ json: { displayName: 'Second', photoURL: '' } });
    expect(renamed.status).toBe(200);
    expect((await me(t.call, someone)).user?.name).toBe('Second');

    const other = await t.newUser('Seller');
    expect((await me(t.call, other)).status).toBe(200);
    expect((await t.as(admin).users[':id'].$delete({ param: { id: other.id } })).status).toBe(200);
    expect((await me(t.call, other)).status).toBe(401);
  });
});

describe('two servers on one database', () => {
  const windowMs = 200;
  let t: TestApp;
  let other: Call;
  beforeAll(async () => {
    t = await createTestApp({ CACHE_MAX_STALENESS_MS: String(windowMs) });
    other = secondServer(t, windowMs).call;
  });
  afterAll(() => t.close());

  it('a sign-out through one server ends the session on the other within its staleness window', async () => {
    const buyer = await t.newUser('Buyer');
    expect((await me(other, buyer)).status).toBe(200);
    expect((await t.call('POST', '/api/auth/sign-out', { as: buyer })).status).toBe(200);
    expect((await me(t.call, buyer)).status).toBe(401);
    await sleep(windowMs + 50);
    expect((await me(other, buyer)).status).toBe(401);
  });

  it('a role changed in the database shows on both within the window', async () => {
    const buyer = await t.newUser('Buyer');
    expect((await me(other, buyer)).user?.role).toBe('Buyer');
    expect((await me(t.call, buyer)).user?.role).toBe('Buyer');
    await t.db.execute(sql`update "user" set role = 'Seller' where id = ${buyer.id}`);
    await sleep(windowMs + 50);
    expect((await me(other, buyer)).user?.role).toBe('Seller');
    expect((await me(t.call, buyer)).user?.role).toBe('Seller');
  });
});
