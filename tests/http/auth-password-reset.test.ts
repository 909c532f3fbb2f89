import { eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { user, verification } from '#server/db/schema/auth.ts';
import { en } from '#shared/i18n/english.ts';
import { cookieOf } from '../support/cookie-header.ts';
import { createMailingTestApp } from '../support/mailing-test-app.ts';
import { linkIn } from '../support/smtp-inbox.ts';
import { type TestUser, testOrigin } from '../support/test-app.ts';

const t = await createMailingTestApp();
afterAll(() => t.close());

/** A second session of the same person (another browser), and a bearer token from a third. */
async function moreSessions(person: TestUser) {
  const signIn = () =>
    t.call('POST', '/api/auth/sign-in/email', { json: { email: person.email, password: person.password } });
  const other = { cookie: cookieOf(await signIn()) };
  const third = { cookie: cookieOf(await signIn()) };
  const jwt = await t.api.jwt.$post({ json: { email: person.email } }, { headers: third });
  const { token } = (await jwt.json()) as { token: string };
  return [other, { authorization: `Bearer ${token}` }];
}
const opens = async (headers: Record<string, string>) => (await t.api.users.me.$get(undefined, { headers })).status;

const askForLink = (email: string) =>
  t.call('POST', '/api/auth/request-password-reset', { json: { email, redirectTo: '/elsewhere' } });

/** The token of the reset link mailed to `email` (the newest). */
async function mailedToken(email: string): Promise<string> {
  await t.runJobs();
  const mails = t.inbox.to(email).filter((m) => m.subject === en.mailTexts.auth.resetPassword.subject);
  expect(mails.length).toBeGreaterThan(0);
  const link = linkIn(mails.at(-1)!, `${testOrigin}/reset-password?token=`);
  return decodeURIComponent(new URL(link).searchParams.get('token')!);
}

const reset = (token: string, newPassword: string) =>
  t.call('POST', '/api/auth/reset-password', { json: { token, newPassword } });

describe('forgot password', () => {
  it('answers the same whether or not the address has an account, and mails only an account', async () => {
    const person = await t.newUser('Buyer', { withPassword: true });
    const known = await askForLink(person.email);
    const unknown = await askForLink('nobody-here@example.test');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    await t.runJobs();
    expect(t.inbox.to('nobody-here@example.test')).toEqual([]);
    const [mail] = t.inbox.to(person.email).filter((m) => m.subject === en.mailTexts.auth.resetPassword.subject);
    // Our own page, whatever redirect the caller asked for.
    expect(linkIn(mail!, testOrigin)).toMatch(new RegExp(`^${testOrigin}/reset-password\\?token=`));
    expect(mail!.text).not.toContain('elsewhere');
  });

  it('the link sets a new password once, and signs out every other session and bearer token', async () => {
    const person = await t.newUser('Seller', { withPassword: true });
    const others = await moreSessions(person);
    for (const headers of [person.headers, ...others]) expect(await opens(headers)).toBe(200);

    await askForLink(person.email);
    const token = await mailedToken(person.email);
    const res = await reset(token, 'Brand#New9');
    expect(res.status).toBe(200);

    for (const headers of [person.headers, ...others]) expect(await opens(headers)).toBe(401);
    const signIn = (password: string) =>
      t.call('POST', '/api/auth/sign-in/email', { json: { email: person.email, password } });
    expect((await signIn(person.password)).status).toBe(401);
    expect((await signIn('Brand#New9')).status).toBe(200);
    // The link reached the inbox, so the address counts as confirmed.
    expect((await t.db.select().from(user).where(eq(user.id, person.id)))[0]?.emailVerified).toBe(true);

    const again = await reset(token, 'Another#New9');
    expect(again.status).toBe(400);
    expect(((await again.json()) as { code: string }).code).toBe('INVALID_TOKEN');
    expect((await signIn('Brand#New9')).status).toBe(200);
  });

  it('the link expires after an hour', async () => {
    const person = await t.newUser('Buyer', { withPassword: true });
    await askForLink(person.email);
    const token = await mailedToken(person.email);
    const [stored] = await t.db
      .select()
      .from(verification)
      .where(like(verification.identifier, `%${token}`));
    const minutes = (stored!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);

    await t.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.id, stored!.id));
    const res = await reset(token, 'Too#Late99');
    expect(res.status).toBe(400);
    expect(
      (await t.call('POST', '/api/auth/sign-in/email', { json: { email: person.email, password: person.password } }))
        .status,
    ).toBe(200);
  });

  it('a new password follows the sign-up rules', async () => {
    const person = await t.newUser('Buyer', { withPassword: true });
    await askForLink(person.email);
    const token = await mailedToken(person.email);
    const res = await reset(token, 'short');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(en.auth.signUpPasswordShort);
    expect((await reset(token, 'nouppercase#1')).status).toBe(400);
    expect((await reset(token, 'Good#Pass1')).status).toBe(200);
  });
});

describe('changing one’s password', () => {
  it('signs out every other session and bearer token, even when the caller asks to keep them', async () => {
    const person = await t.newUser('Buyer', { withPassword: true });
    const others = await moreSessions(person);
    const res = await t.call('POST', '/api/auth/change-password', {
      as: person,
      json: { currentPassword: person.password, newPassword: 'Changed#123', revokeOtherSessions: false },
    });
    expect(res.status).toBe(200);
    for (const headers of others) expect(await opens(headers)).toBe(401);
    // The caller goes on with the session the answer hands over.
    expect(await opens({ cookie: cookieOf(res) })).toBe(200);
    const weak = await t.call('POST', '/api/auth/change-password', {
      headers: { cookie: cookieOf(res) },
      json: { currentPassword: 'Changed#123', newPassword: 'weakweak' },
    });
    expect(weak.status).toBe(400);
  });
});
