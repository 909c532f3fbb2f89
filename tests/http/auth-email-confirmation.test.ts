import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { account, user } from '#server/db/schema/auth.ts';
import { en } from '#shared/i18n/english.ts';
import { cookieOf } from '../support/cookie-header.ts';
import { createMailingTestApp } from '../support/mailing-test-app.ts';
import { linkIn } from '../support/smtp-inbox.ts';
import { testOrigin } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';

const t = await createMailingTestApp();
afterAll(() => t.close());

let n = 0;
const freshEmail = () => `reader${++n}-${crypto.randomUUID().slice(0, 8)}@example.test`;

const signUp = (body: Record<string, unknown>) => t.call('POST', '/api/auth/sign-up/email', { json: body });
const stored = async (email: string) => (await t.db.select().from(user).where(eq(user.email, email)))[0];

/** The mail to `email` with `subject`, once the outbox's jobs have run. */
async function mailTo(email: string, subject: string) {
  await t.runJobs();
  const found = t.inbox.to(email).filter((m) => m.subject === subject);
  expect(found, `mail "${subject}" to ${email}`).toHaveLength(1);
  return found[0]!;
}

describe('confirming the email address', () => {
  it('sign-up mails a link; following it confirms the address, and the admin lists show which are confirmed', async () => {
    const admin = await t.newUser('Admin');
    const email = freshEmail();
    const res = await signUp({ name: 'Cora Confirm', email, password: 'Secret#1' });
    expect(res.status).toBe(200);
    // Signed in at once, unconfirmed: the specification's flow goes on (browse, book, pay).
    expect((await t.api.users.me.$get(undefined, { headers: { cookie: cookieOf(res) } })).status).toBe(200);

    const listed = async () => {
      const all = await jsonOf(await t.as(admin).users.$get({ query: { limit: '100' } }), 200);
      return all.find((u) => u.email === email)?.emailVerified;
    };
    expect(await listed()).toBe(false);

    const mail = await mailTo(email, en.mailTexts.auth.confirmEmail.subject);
    expect(mail.html).toContain(en.mailTexts.auth.confirmEmail.button);
    const link = linkIn(mail, `${testOrigin}/api/auth/verify-email?token=`);
    const confirmed = await t.call('GET', link.slice(testOrigin.length));
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get('location')).toBe('/email-confirmed');
    expect((await stored(email))?.emailVerified).toBe(true);
    expect(await listed()).toBe(true);
  });

  it('a link that was tampered with leads to the page with an error and confirms nothing', async () => {
    const email = freshEmail();
    await signUp({ name: 'Tam Per', email, password: 'Secret#1' });
    const link = linkIn(
      await mailTo(email, en.mailTexts.auth.confirmEmail.subject),
      `${testOrigin}/api/auth/verify-email`,
    );
    const forged = link.replace(/token=([^&.]+)\.([^&.]+)\.([^&]+)/, (_, h, p) => `token=${h}.${p}.forged`);
    const res = await t.call('GET', forged.slice(testOrigin.length));
    expect(res.headers.get('location')).toBe('/email-confirmed?error=INVALID_TOKEN');
    expect((await stored(email))?.emailVerified).toBe(false);
  });
});

describe('sign-up takes only what its form shows', () => {
  it('ignores a client-set image, callbackURL and rememberMe (a callbackURL of another site is refused)', async () => {
    const email = freshEmail();
    const res = await signUp({
      name: 'Imogen',
      email,
      password: 'Secret#1',
      image: 'https://evil.example/tracker.png',
      callbackURL: '/somewhere-else',
      rememberMe: false,
    });
    expect(res.status).toBe(200);
    expect((await stored(email))?.image).toBeNull();
    // rememberMe: false would have made a session cookie without Max-Age.
    expect(res.headers.getSetCookie().find((c) => c.includes('session_token'))).toMatch(/Max-Age=\d+/i);
    const mail = await mailTo(email, en.mailTexts.auth.confirmEmail.subject);
    expect(linkIn(mail, `${testOrigin}/api/auth/verify-email`)).toMatch(/&callbackURL=%2Femail-confirmed$/);
    expect(mail.text).not.toContain('somewhere-else');
    const foreign = await signUp({
      name: 'Phil',
      email: freshEmail(),
      password: 'Secret#1',
      callbackURL: 'https://evil.example/',
    });
    expect(foreign.status).toBe(403);
  });
});

describe('sign-up with an address that already has an account', () => {
  it('answers as a fresh sign-up does and mails the owner instead (once an hour)', async () => {
    const owner = { name: 'Olga Owner', email: freshEmail(), password: 'Secret#1' };
    const first = await signUp(owner);
    expect(first.status).toBe(200);
    const [before] = await t.db.select().from(user).where(eq(user.email, owner.email));

    const fresh = await signUp({ name: 'Someone Else', email: freshEmail(), password: 'Other#123', role: 'Seller' });
    const again = await signUp({ name: 'Someone Else', email: owner.email, password: 'Other#123', role: 'Seller' });
    expect(again.status).toBe(fresh.status);
    const [freshBody, againBody] = [await fresh.json(), await again.json()] as {
      token: string;
      user: Record<string, unknown>;
    }[];
    expect(Object.keys(againBody!)).toEqual(Object.keys(freshBody!));
    expect(Object.keys(againBody!.user)).toEqual(Object.keys(freshBody!.user));
    expect(againBody!.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(freshBody!.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(againBody!.user).toEqual({
      ...freshBody!.user,
      id: expect.any(String),
      email: owner.email,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const attributes = (res: Response) =>
      res.headers.getSetCookie().map((c) => c.replace(/=[^;]*/, '=…').replace(/Expires=[^;]*/i, 'Expires=…'));
    expect(attributes(again)).toEqual(attributes(fresh));

    // Nothing changed for the owner, and the answer's session opens nothing.
    const [after] = await t.db.select().from(user).where(eq(user.email, owner.email));
    expect(after).toEqual(before);
    expect((await t.api.users.me.$get(undefined, { headers: { cookie: cookieOf(again) } })).status).toBe(401);
    const bearer = { authorization: `Bearer ${againBody!.token}` };
    expect((await t.api.users.me.$get(undefined, { headers: bearer })).status).toBe(401);
    const signIn = await t.call('POST', '/api/auth/sign-in/email', {
      json: { email: owner.email, password: 'Other#123' },
    });
    expect(signIn.status).toBe(401);
    const [credential] = await t.db.select().from(account).where(eq(account.userId, before!.id));
    expect(credential).toBeDefined();

    const mail = await mailTo(owner.email, en.mailTexts.auth.signUpAttempt.subject);
    expect(mail.text).toContain(`${en.mailTexts.auth.signUpAttempt.button}: ${testOrigin}/login`);
    await signUp({ name: 'Third Try', email: owner.email, password: 'Other#123' });
    await t.runJobs();
    expect(t.inbox.to(owner.email).filter((m) => m.subject === en.mailTexts.auth.signUpAttempt.subject)).toHaveLength(
      1,
    );
  });
});
