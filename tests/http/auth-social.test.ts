import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, user } from '#server/db/schema/auth.ts';
import { listMailbox } from '#server/mail/dev-mailbox.ts';
import { CookieJar, startOidcProvider, type TestOidcProvider, throughProvider } from '../support/oidc-provider.ts';
import { createTestApp, type TestApp, testOrigin } from '../support/test-app.ts';

let oidc: TestOidcProvider;
let t: TestApp;

beforeAll(async () => {
  oidc = await startOidcProvider({ redirectUri: `${testOrigin}/api/auth/callback/oidc` });
  t = await createTestApp({
    OIDC_ISSUER: oidc.issuer,
    OIDC_CLIENT_ID: oidc.clientId,
    OIDC_CLIENT_SECRET: oidc.clientSecret,
  });
});
afterAll(async () => {
  await t.close();
  await oidc.close();
});

async function socialSignIn(login: string) {
  const app = new CookieJar();
  const start = await t.call('POST', '/api/auth/sign-in/social', { json: { provider: 'oidc', callbackURL: '/' } });
  expect(start.status).toBe(200);
  app.take(start);
  const { url } = (await start.json()) as { url: string };
  const callbackPath = await throughProvider(url, login);
  const callback = await t.call('GET', callbackPath, { headers: { cookie: app.header() } });
  app.take(callback);
  return { callback, cookie: app.header() };
}

const stored = async (email: string) => (await t.db.select().from(user).where(eq(user.email, email)))[0];

describe('sign-in through an OpenID Connect provider', () => {
  it('is listed among the configured providers', async () => {
    const res = await t.api['auth-providers'].$get();
    expect(await res.json()).toEqual({ providers: [{ id: 'oidc', name: new URL(oidc.issuer).host }] });
  });

  it('creates a Buyer on the first sign-in, with the provider’s name, and signs them in', async () => {
    const { callback, cookie } = await socialSignIn('olive.reader@example.test');
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/');
    expect(await stored('olive.reader@example.test')).toMatchObject({
      name: 'Olive Reader',
      role: 'Buyer',
      verified: false,
    });
    const me = await t.api.users.me.$get(undefined, { headers: { cookie } });
    expect(await me.json()).toMatchObject({ email: 'olive.reader@example.test', role: 'Buyer' });
  });

  it('signs the same person in again without a second account', async () => {
    await socialSignIn('repeat@example.test');
    const again = await socialSignIn('repeat@example.test');
    expect(again.callback.status).toBe(302);
    expect(await t.db.select().from(user).where(eq(user.email, 'repeat@example.test'))).toHaveLength(1);
  });

  it('does not take over an existing password account with the same email (its email is unproven)', async () => {
    const seller = await t.newUser('Seller', { verified: true });
    const { callback, cookie } = await socialSignIn(seller.email);
    expect(callback.headers.get('location')).toMatch(/error=account_not_linked/);
    expect((await t.api.users.me.$get(undefined, { headers: { cookie } })).status).toBe(401);
    expect(await stored(seller.email)).toMatchObject({ id: seller.id, role: 'Seller', verified: true });
  });

  it('joins the provider’s identity to a password account once its address is confirmed', async () => {
    const email = 'linda.link@example.test';
    const signUp = await t.call('POST', '/api/auth/sign-up/email', {
      json: { name: 'Linda', email, password: 'Secret#1', role: 'Seller' },
    });
    const { user: created } = (await signUp.json()) as { user: { id: string } };
    expect((await socialSignIn(email)).callback.headers.get('location')).toMatch(/error=account_not_linked/);

    // The confirmation link, from the development mailbox this app writes to (no SMTP_URL here).
    await t.runJobs();
    const mail = (await listMailbox(t.deps.mailer.mailboxDir!)).find((m) => m.to === email);
    const link = mail!.text.match(/http\S+\/api\/auth\/verify-email\S+/)![0];
    expect((await t.call('GET', link.slice(testOrigin.length))).headers.get('location')).toBe('/email-confirmed');

    const { callback, cookie } = await socialSignIn(email);
    expect(callback.headers.get('location')).toBe('/');
    const me = await t.api.users.me.$get(undefined, { headers: { cookie } });
    expect(await me.json()).toMatchObject({ _id: created.id, name: 'Linda', role: 'Seller', emailVerified: true });
    const providers = await t.db.select().from(account).where(eq(account.userId, created.id));
    expect(providers.map((a) => a.providerId).sort()).toEqual(['credential', 'oidc']);
  });
});

describe('the popup flow', () => {
  it('ends on a page that hands the session to its opener and keeps talking to it', async () => {
    const nonce = 'n0nce';
    const start = await t.call(
      'GET',
      `/api/auth/oauth-popup/start?provider=oidc&popupOrigin=${encodeURIComponent(testOrigin)}&popupNonce=${nonce}`,
    );
    expect(start.status).toBe(302);
    const app = new CookieJar();
    app.take(start);
    const callbackPath = await throughProvider(start.headers.get('location')!, 'popup.person@example.test');
    const done = await t.call('GET', callbackPath, { headers: { cookie: app.header() } });
    expect(done.status).toBe(200);
    const html = await done.text();
    expect(html).toContain(nonce);
    expect(html).toContain('"token"');
    // Better Auth's own script hash must survive our headers, and no opener policy may cut the popup off.
    expect(done.headers.get('content-security-policy')).toContain("script-src 'sha256-");
    expect(done.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(await stored('popup.person@example.test')).toMatchObject({ role: 'Buyer' });
  });

  it('refuses to post a session to an untrusted opener', async () => {
    const res = await t.call('GET', '/api/auth/oauth-popup/start?provider=oidc&popupOrigin=https%3A%2F%2Fevil.example');
    expect(res.status).toBe(403);
  });

  it('pages keep their opener policy, which allows the popup', async () => {
    const res = await t.call('GET', '/login', { headers: { accept: 'text/html' } });
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });
});

describe('Google', () => {
  it('is offered first when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set, and sends people to Google', async () => {
    const google = await createTestApp({ GOOGLE_CLIENT_ID: 'client-id', GOOGLE_CLIENT_SECRET: 'client-secret' });
    try {
      const listed = await google.call('GET', '/api/auth-providers');
      expect(await listed.json()).toEqual({ providers: [{ id: 'google', name: 'Google' }] });
      const start = await google.call('POST', '/api/auth/sign-in/social', { json: { provider: 'google' } });
      const { url } = (await start.json()) as { url: string };
      const authorize = new URL(url);
      expect(authorize.origin).toBe('https://accounts.google.com');
      expect(authorize.searchParams.get('redirect_uri')).toBe(`${testOrigin}/api/auth/callback/google`);
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    } finally {
      await google.close();
    }
  });
});
