import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { user } from '#server/db/schema/auth.ts';
import { en } from '#shared/i18n/english.ts';
import { createTestApp } from '../support/test-app.ts';

const t = await createTestApp();
afterAll(() => t.close());

let n = 0;
const freshEmail = () => `person${++n}-${crypto.randomUUID().slice(0, 8)}@example.test`;
const valid = () => ({ name: 'Pat Reader', email: freshEmail(), password: 'Secret#1' });

async function signUp(body: Record<string, unknown>) {
  const res = await t.call('POST', '/api/auth/sign-up/email', { json: body });
  return { res, body: (await res.json()) as { message?: string; user?: { id: string } } };
}

async function stored(email: string) {
  const [row] = await t.db.select().from(user).where(eq(user.email, email));
  return row;
}

describe('sign-up with email and password', () => {
  it('creates a Buyer by default, signed in at once with an httpOnly SameSite cookie', async () => {
    const body = valid();
    const { res } = await signUp(body);
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect((await stored(body.email))?.role).toBe('Buyer');
  });

  it('lets a person choose Seller, who starts unverified', async () => {
    const body = { ...valid(), role: 'Seller' };
    expect((await signUp(body)).res.status).toBe(200);
    const row = await stored(body.email);
    expect(row?.role).toBe('Seller');
    expect(row?.verified).toBe(false);
  });

  it('never lets anyone make themselves Admin or verified', async () => {
    const admin = { ...valid(), role: 'Admin' };
    const refused = await signUp(admin);
    expect(refused.res.status).toBe(400);
    expect(refused.body.message).toBe(en.auth.roleInvalid);
    expect(await stored(admin.email)).toBeUndefined();

    const sneaky = { ...valid(), role: 'Seller', verified: true, status: 'Verified', emailVerified: true };
    expect((await signUp(sneaky)).res.status).toBe(200);
    const row = await stored(sneaky.email);
    expect(row).toMatchObject({ role: 'Seller', verified: false, emailVerified: false });
  });

  it.each([
    ['name', { name: '' }, en.auth.nameRequired],
    ['name of spaces', { name: '   ' }, en.auth.nameRequired],
    ['email', { email: '' }, en.auth.emailRequired],
    ['malformed email', { email: 'not-an-email' }, en.auth.emailInvalid],
    ['password', { password: '' }, en.auth.passwordRequired],
    ['short password', { password: 'Ab#1' }, en.auth.signUpPasswordShort],
    ['password without upper case', { password: 'secret#1' }, en.auth.signUpPasswordPattern],
    ['password without digit', { password: 'Secret#x' }, en.auth.signUpPasswordPattern],
    ['password without special character', { password: 'Secret11' }, en.auth.signUpPasswordPattern],
  ])('refuses a missing or bad %s with the specification message', async (_, change, message) => {
    const { res, body } = await signUp({ ...valid(), ...change });
    expect(res.status).toBe(400);
    expect(body.message).toBe(message);
  });

  it('makes no second account on the same email, whatever its case, and does not say so', async () => {
    const body = valid();
    await signUp(body);
    const again = await signUp({ ...body, email: body.email.toUpperCase() });
    // auth-email-confirmation.test.ts: the answer is a fresh sign-up's, and the owner is mailed.
    expect(again.res.status).toBe(200);
    expect(JSON.stringify(again.body)).not.toMatch(/exist/i);
    expect(await t.db.select().from(user).where(eq(user.email, body.email))).toHaveLength(1);
  });

  it('keeps the trimmed name', async () => {
    const body = { ...valid(), name: '  Spacey  ' };
    await signUp(body);
    expect((await stored(body.email))?.name).toBe('Spacey');
  });
});

describe('login', () => {
  it('signs in with the right password and answers the provider message otherwise', async () => {
    const body = valid();
    await signUp(body);
    const ok = await t.call('POST', '/api/auth/sign-in/email', {
      json: { email: body.email, password: body.password },
    });
    expect(ok.status).toBe(200);
    const wrong = await t.call('POST', '/api/auth/sign-in/email', {
      json: { email: body.email, password: 'Wrong#123' },
    });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { message: string }).message).toBe('Invalid email or password');
  });

  it.each([
    [{ email: '', password: 'Secret#1' }, en.auth.emailRequired],
    [{ email: 'a@example.test', password: '' }, en.auth.passwordRequired],
    [{ email: 'a@example.test', password: 'abc' }, en.auth.loginPasswordShort],
  ])('refuses %o with the specification message', async (json, message) => {
    const res = await t.call('POST', '/api/auth/sign-in/email', { json });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(message);
  });

  it('signs out on the server: the old cookie no longer works', async () => {
    const buyer = await t.newUser('Buyer');
    expect((await t.as(buyer).users.me.$get()).status).toBe(200);
    expect((await t.call('POST', '/api/auth/sign-out', { as: buyer, json: {} })).status).toBe(200);
    expect((await t.as(buyer).users.me.$get()).status).toBe(401);
  });
});

describe('server-owned fields stay server-owned', () => {
  it('refuses Better Auth’s own profile update, so role and verification cannot be set there', async () => {
    const buyer = await t.newUser('Buyer');
    const res = await t.call('POST', '/api/auth/update-user', { as: buyer, json: { role: 'Admin', verified: true } });
    expect(res.status).toBe(404);
    expect((await stored(buyer.email))?.role).toBe('Buyer');
  });
});
