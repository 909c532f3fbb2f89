import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, session, user, verification } from '#server/db/schema/auth.ts';
import { en } from '#shared/i18n/english.ts';
import { type LiveServer, listen } from '../support/live-server.ts';
import { createMailingTestApp, type MailingTestApp } from '../support/mailing-test-app.ts';
import { CookieJar, startOidcProvider, type TestOidcProvider, throughProvider } from '../support/oidc-provider.ts';
import { resetLinks } from '../support/reset-links.ts';
import { linkIn } from '../support/smtp-inbox.ts';
import { type TestUser, testOrigin } from '../support/test-app.ts';

// Issue #31, finding 1: a closed account came back through a reset link mailed before the closure, and signed in
// as its tombstone address with its old role. Real HTTP to a listening server (OpenID Connect through a real
// provider); the links are read from the real SMTP server the app mails to.
let oidc: TestOidcProvider;
let t: MailingTestApp;
let live: LiveServer;
let admin: TestUser;
let links: ReturnType<typeof resetLinks>;

beforeAll(async () => {
  oidc = await startOidcProvider({ redirectUri: `${testOrigin}/api/auth/callback/oidc` });
  t = await createMailingTestApp({
    OIDC_ISSUER: oidc.issuer,
    OIDC_CLIENT_ID: oidc.clientId,
    OIDC_CLIENT_SECRET: oidc.clientSecret,
  });
  live = await listen(t);
  admin = await live.signUp('Admin', 'Closing admin');
  links = resetLinks(t, live);
});
afterAll(async () => {
  await live.close();
  await t.close();
  await oidc.close();
});

const tombstoneOf = (id: string) => `closed-${id}@closed.invalid`;

/** An admin closes the account (DELETE /api/users/{id}), as the admins' page does. */
async function closeAccount(id: string) {
  const res = await live.call('DELETE', `/api/users/${id}`, { as: admin });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ deletedCount: 1 });
}

const sessionsOf = (userId: string) => t.db.select().from(session).where(eq(session.userId, userId));
const tokensOf = (userId: string) => t.db.select().from(verification).where(eq(verification.value, userId));

/** Our API's refusal of a caller without a (live) session: 401 in the project's error shape. */
async function expectSignedOut(headers: Record<string, string>) {
  for (const path of ['/api/users/me', '/api/users']) {
    const res = await live.call('GET', path, { headers });
    expect(res.status, path).toBe(401);
    expect(await res.json()).toEqual({ error: expect.any(String), code: 'UNAUTHORIZED' });
  }
  // Better Auth's own session call knows of no session either.
  const own = await live.call('GET', '/api/auth/get-session', { headers });
  expect(await own.json()).toBeNull();
}

/** An OpenID Connect sign-in as `login` at the test provider, through the browser's redirects. */
async function oidcSignIn(login: string) {
  const jar = new CookieJar();
  const start = await live.call('POST', '/api/auth/sign-in/social', { json: { provider: 'oidc', callbackURL: '/' } });
  expect(start.status).toBe(200);
  jar.take(start);
  const { url } = (await start.json()) as { url: string };
  const callbackPath = await throughProvider(url, login);
  const callback = await live.call('GET', callbackPath, { headers: { cookie: jar.header() } });
  jar.take(callback);
  return { location: callback.headers.get('location') ?? '', headers: { cookie: jar.header() } };
}

describe('a closed account', () => {
  it('cannot use a reset link mailed before the closure, nor sign in as its tombstone address, nor use its sessions', async () => {
    const person = await live.signUp('Admin', 'Closed admin');
    const bearer = await links.bearerOf(person);
    expect((await live.call('GET', '/api/users', { as: person })).status).toBe(200);
    await links.askForLink(person.email);
    const token = await links.mailedToken(person.email);

    await closeAccount(person.id);

    const res = await links.reset(token, 'Brand#New9');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    for (const email of [tombstoneOf(person.id), person.email]) {
      for (const password of ['Brand#New9', person.password]) {
        expect((await links.signIn(email, password)).status, `${email} ${password}`).toBe(401);
      }
    }
    // Closing ended every token of the account: its reset links and sessions.
    expect(await tokensOf(person.id)).toEqual([]);
    expect(await sessionsOf(person.id)).toEqual([]);
    // Its session cookie and bearer token open nothing, the admins' calls least of all.
    await expectSignedOut(person.headers);
    await expectSignedOut(bearer);
    const promote = await live.call('PUT', `/api/users/makeAdmin/${admin.id}`, {
      headers: bearer,
      json: { role: 'Admin' },
    });
    expect(promote.status).toBe(401);
  });

  it('gets no reset link for its tombstone address: the same answer as an unknown address, and no token', async () => {
    const person = await live.signUp('Buyer', 'Tombstoned');
    await closeAccount(person.id);
    const asked = await links.askForLink(tombstoneOf(person.id));
    const unknown = await links.askForLink('nobody-at-all@example.test');
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual(await unknown.json());
    expect(await tokensOf(person.id)).toEqual([]);
    expect(await links.mailedTokens(tombstoneOf(person.id))).toEqual([]);
  });

  it('gets no session from a sign-in method left behind (as a sign-in racing the closure could leave one)', async () => {
    const person = await live.signUp('Admin', 'Raced');
    await closeAccount(person.id);
    await t.db.insert(account).values({
      id: crypto.randomUUID(),
      userId: person.id,
      accountId: person.id,
      providerId: 'credential',
      password: await hashPassword('Left#Over9'),
    });

    const res = await links.signIn(tombstoneOf(person.id), 'Left#Over9');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: 'ACCOUNT_CLOSED', message: expect.any(String) });
    expect(res.headers.getSetCookie().filter((c) => c.includes('session_token=') && !/max-age=0/i.test(c))).toEqual([]);
    expect(await sessionsOf(person.id)).toEqual([]);
  });

  it('cannot use a reset link left behind (as a request racing the closure could leave one)', async () => {
    const person = await live.signUp('Admin', 'Left link');
    await closeAccount(person.id);
    const token = crypto.randomUUID();
    await t.db.insert(verification).values({
      id: crypto.randomUUID(),
      identifier: `reset-password:${token}`,
      value: person.id,
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });

    const res = await links.reset(token, 'Brand#New9');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(await t.db.select().from(account).where(eq(account.userId, person.id))).toEqual([]);
    expect((await links.signIn(tombstoneOf(person.id), 'Brand#New9')).status).toBe(401);
  });

  it('gets no session from a sign-in that raced the closure', async () => {
    const person = await live.signUp('Admin', 'Racing');
    // The closure's transaction, as close-account.service.ts runs it: the account row locked, then changed.
    const closing = await t.pool.connect();
    try {
      await closing.query('begin');
      await closing.query('select id from "user" where id = $1 for update', [person.id]);
      await closing.query(
        `update "user" set closed_at = now(), email = 'closed-' || id || '@closed.invalid' where id = $1`,
        [person.id],
      );
      let answered = false;
      const signingIn = links.signIn(person.email, person.password).finally(() => {
        answered = true;
      });
      // The password is right and the account still open as far as the sign-in can see: it waits for the closure.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(answered).toBe(false);
      await closing.query('delete from session where user_id = $1', [person.id]);
      await closing.query('delete from account where user_id = $1', [person.id]);
      await closing.query('commit');

      const res = await signingIn;
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'ACCOUNT_CLOSED' });
    } finally {
      closing.release();
    }
    expect(await sessionsOf(person.id)).toEqual([]);
  });

  it('cannot confirm its address with a confirmation link mailed before the closure', async () => {
    const person = await live.signUp('Buyer', 'Unconfirmed');
    await t.runJobs();
    const mail = t.inbox.to(person.email).find((m) => m.subject === en.mailTexts.auth.confirmEmail.subject);
    const link = linkIn(mail!, `${testOrigin}/api/auth/verify-email?token=`);
    await closeAccount(person.id);

    const res = await live.call('GET', link.slice(testOrigin.length));
    expect(res.headers.get('location')).toMatch(/error=/);
    expect(res.headers.getSetCookie().filter((c) => c.includes('session_token='))).toEqual([]);
    const [stored] = await t.db.select().from(user).where(eq(user.id, person.id));
    expect(stored!.emailVerified).toBe(false);
    expect(await sessionsOf(person.id)).toEqual([]);
  });
});

describe('a closed account signed in through OpenID Connect', () => {
  it('is never signed into again: the same identity makes a new Buyer, and the account itself is refused', async () => {
    const login = `oidc.closed.${crypto.randomUUID().slice(0, 8)}@example.test`;
    const first = await oidcSignIn(login);
    expect(first.location).toBe('/');
    const [made] = await t.db.select().from(user).where(eq(user.email, login));
    expect(
      (await live.call('PUT', `/api/users/makeAdmin/${made!.id}`, { as: admin, json: { role: 'Admin' } })).status,
    ).toBe(200);
    expect((await live.call('GET', '/api/users', { headers: first.headers })).status).toBe(200);

    await closeAccount(made!.id);
    await expectSignedOut(first.headers);

    // The same person at the provider: a fresh account, as a fresh sign-up would be; not the closed one, not an admin.
    const again = await oidcSignIn(login);
    expect(again.location).toBe('/');
    const me = await live.call('GET', '/api/users/me', { headers: again.headers });
    const fresh = (await me.json()) as { _id: string; role: string };
    expect(fresh._id).not.toBe(made!.id);
    expect(fresh.role).toBe('Buyer');
    expect((await live.call('GET', '/api/users', { headers: again.headers })).status).toBe(403);

    // A provider vouching for the tombstone address gets nothing.
    const tombstone = await oidcSignIn(tombstoneOf(made!.id));
    expect(tombstone.location).toMatch(/error=/);
    await expectSignedOut(tombstone.headers);

    // An identity still joined to the closed account (as a sign-in racing the closure could leave it) is refused.
    const raced = `oidc.raced.${crypto.randomUUID().slice(0, 8)}@example.test`;
    await t.db
      .insert(account)
      .values({ id: crypto.randomUUID(), userId: made!.id, accountId: raced, providerId: 'oidc' });
    const refused = await oidcSignIn(raced);
    expect(refused.location).toMatch(/error=ACCOUNT_CLOSED/);
    await expectSignedOut(refused.headers);
    expect(await sessionsOf(made!.id)).toEqual([]);
  });
});
