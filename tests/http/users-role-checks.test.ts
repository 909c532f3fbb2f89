import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestUser } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';

const t = await createTestApp();
afterAll(() => t.close());
const [admin, seller, verifiedSeller, buyer] = await Promise.all([
  t.newUser('Admin'),
  t.newUser('Seller'),
  t.newUser('Seller', { verified: true }),
  t.newUser('Buyer'),
]);

const checks = [
  ['admin', 'isAdmin'],
  ['seller', 'isSeller'],
  ['buyer', 'isBuyer'],
  ['verified', 'isVerified'],
] as const;

async function ask(path: string, key: string, as: TestUser | undefined, email: string) {
  const res = await t.call('GET', `/api/users/${path}/${encodeURIComponent(email)}`, { as });
  return { status: res.status, value: res.ok ? ((await res.json()) as Record<string, boolean>)[key] : undefined };
}

describe('role checks', () => {
  it('answer each user about themselves', async () => {
    const expected: [TestUser, Record<string, boolean>][] = [
      [admin, { isAdmin: true, isSeller: false, isBuyer: false, isVerified: false }],
      [seller, { isAdmin: false, isSeller: true, isBuyer: false, isVerified: false }],
      [verifiedSeller, { isAdmin: false, isSeller: true, isBuyer: false, isVerified: true }],
      [buyer, { isAdmin: false, isSeller: false, isBuyer: true, isVerified: false }],
    ];
    for (const [who, answers] of expected) {
      for (const [path, key] of checks) {
        expect(await ask(path, key, who, who.email)).toEqual({ status: 200, value: answers[key] });
      }
    }
  });

  it('ignore the case of the email', async () => {
    expect(await ask('buyer', 'isBuyer', buyer, buyer.email.toUpperCase())).toEqual({ status: 200, value: true });
  });

  it('let an admin ask about anyone, unknown emails included', async () => {
    expect(await ask('verified', 'isVerified', admin, verifiedSeller.email)).toEqual({ status: 200, value: true });
    expect(await ask('admin', 'isAdmin', admin, 'nobody@example.test')).toEqual({ status: 200, value: false });
  });

  it('refuse anonymous callers with 401', async () => {
    for (const [path, key] of checks) {
      expect((await ask(path, key, undefined, buyer.email)).status).toBe(401);
    }
  });

  it('refuse other people’s data with 403, whatever the role asked about', async () => {
    for (const [path, key] of checks) {
      expect((await ask(path, key, buyer, admin.email)).status).toBe(403);
      expect((await ask(path, key, seller, buyer.email)).status).toBe(403);
    }
  });
});

describe('bearer tokens', () => {
  it('POST /jwt hands the caller a token that works on protected calls', async () => {
    const res = await t.as(seller).jwt.$post({ json: { email: seller.email } });
    const { token } = await jsonOf(res, 200);
    const check = await t.api.users.seller[':email'].$get(
      { param: { email: seller.email } },
      { headers: { authorization: `bearer ${token}` } },
    );
    expect(check.status).toBe(200);
    expect(await check.json()).toEqual({ isSeller: true });
  });

  it('POST /jwt refuses another person’s email (403) and anonymous callers (401)', async () => {
    expect((await t.as(buyer).jwt.$post({ json: { email: admin.email } })).status).toBe(403);
    expect((await t.api.jwt.$post({ json: { email: admin.email } })).status).toBe(401);
  });

  it('a made-up token is no one', async () => {
    const res = await t.api.users.admin[':email'].$get(
      { param: { email: admin.email } },
      { headers: { authorization: 'bearer forged' } },
    );
    expect(res.status).toBe(401);
  });
});

describe('social user lookup', () => {
  it('answers one’s own user in the specification shape, and admins anyone (null when unknown)', async () => {
    const res = await t.as(verifiedSeller).users.socialUser[':email'].$get({ param: { email: verifiedSeller.email } });
    expect(await res.json()).toEqual({
      _id: verifiedSeller.id,
      name: verifiedSeller.name,
      email: verifiedSeller.email,
      role: 'Seller',
      status: 'Verified',
      photoURL: null,
      emailVerified: false,
    });
    const unknown = await t.as(admin).users.socialUser[':email'].$get({ param: { email: 'nobody@example.test' } });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toBeNull();
  });

  it('refuses anonymous callers and other people’s data', async () => {
    expect((await t.api.users.socialUser[':email'].$get({ param: { email: buyer.email } })).status).toBe(401);
    expect((await t.as(buyer).users.socialUser[':email'].$get({ param: { email: admin.email } })).status).toBe(403);
  });
});
