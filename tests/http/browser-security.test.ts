import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { books } from '#server/db/schema/catalog.ts';
import { bookings } from '#server/db/schema/orders.ts';
import { appOrigins, readEnv } from '#server/env.ts';
import { cookieOf } from '../support/cookie-header.ts';
import { createBook, createCategory } from '../support/factories.ts';
import { createTestApp, errorOf, type TestApp, type TestUser, testOrigin } from '../support/test-app.ts';

const evil = 'https://evil.example';

const [t, https] = await Promise.all([createTestApp(), createTestApp({ APP_URL: 'https://shop.example' })]);
afterAll(() => Promise.all([t.close(), https.close()]));
// The cross-site requests' victim, and the seller whose book they aim at.
const [victim, seller] = await Promise.all([t.newUser('Buyer', { withPassword: true }), t.newUser('Seller')]);
const bookId = (await createBook(t.db, { sellerId: seller.id, categoryId: (await createCategory(t.db)).id })).id;

/** Content-Security-Policy as a map of directive → its sources. */
function directives(policy: string | null): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) parsed.set(name, sources);
  }
  return parsed;
}

async function signInCookies(t: TestApp, origin: string, email: string, password: string) {
  const res = await t.call('POST', '/api/auth/sign-in/email', { json: { email, password }, headers: { origin } });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie();
}

describe('security headers', () => {
  for (const url of ['/', '/dashboard', '/api/docs', '/images/missing.webp']) {
    it(`${url}: a CSP without inline scripts, no framing, nosniff, a Referrer-Policy`, async () => {
      const res = await t.call('GET', url, { headers: { accept: 'text/html,*/*' } });
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('script-src')).toBeDefined();
      expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
      expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    });
  }

  for (const url of ['/api/booksCategory', '/api/allbooks', '/api/nope', '/api/openapi.json']) {
    it(`${url}: JSON that loads nothing, is never framed or sniffed, and is not readable cross-origin`, async () => {
      const res = await t.call('GET', url, { headers: { accept: 'text/html,*/*' } });
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(Object.fromEntries(csp)).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
      expect(res.headers.get('x-frame-options')).toBeNull(); // frame-ancestors supersedes it
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    });
  }

  it('sends HSTS when APP_URL is https, and only then', async () => {
    for (const url of ['/', '/api/booksCategory']) {
      const res = await https.call('GET', url);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    }
  });
});

describe('session cookies', () => {
  it('are httpOnly and SameSite=Lax, without Secure over plain http (local use)', async () => {
    const user = await t.newUser('Buyer', { withPassword: true });
    const [session] = (await signInCookies(t, testOrigin, user.email, user.password)).filter((c) =>
      c.startsWith('better-auth.session_token='),
    );
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    expect(session).not.toMatch(/; Secure/i);
  });

  it('are Secure, httpOnly, SameSite=Lax and __Secure- named when APP_URL is https', async () => {
    const email = 'secure@example.test';
    const password = 'Secret#123';
    await https.deps.auth.api.signUpEmail({ body: { name: 'Secure', email, password } });
    const cookies = await signInCookies(https, 'https://shop.example', email, password);
    const session = cookies.find((c) => c.startsWith('__Secure-better-auth.session_token='));
    expect(session).toBeDefined();
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    for (const cookie of cookies) expect(cookie).toMatch(/; Secure/i);
  });
});

describe('cross-site requests carrying the victim’s cookie', () => {
  const bookState = async () => {
    const [book] = await t.db.select().from(books).where(eq(books.id, bookId));
    const held = await t.db.select().from(bookings).where(eq(bookings.bookId, bookId));
    return { status: book?.status, reported: book?.reported, advertised: book?.advertised, bookings: held.length };
  };
  const bookingJson = JSON.stringify({ bookId, contact: '+1 555 0100', meetinglocation: 'Cafe' });
  type Forged = { method: string; url: string; who: TestUser; headers: object; body?: string };
  /** The victim's booking of the book, sent from another origin as `contentType`. */
  const crossSiteBooking = (contentType: string, body = bookingJson): Forged => ({
    method: 'POST',
    url: '/api/booking',
    who: victim,
    headers: { origin: evil, 'content-type': contentType },
    body,
  });

  const forged: [string, Forged][] = [
    ['a JSON booking from another origin', crossSiteBooking('application/json')],
    ['a text/plain form post (no preflight) from another origin', crossSiteBooking('text/plain')],
    [
      'a url-encoded form post from another origin',
      crossSiteBooking('application/x-www-form-urlencoded', `bookId=${bookId}&contact=%2B1+555+0100`),
    ],
    [
      'a report without Origin but marked cross-site by the browser',
      {
        method: 'PUT',
        url: `/api/books/report/${bookId}`,
        who: victim,
        headers: { 'sec-fetch-site': 'cross-site' },
      },
    ],
    [
      'a report from a sandboxed page (Origin: null)',
      { method: 'PUT', url: `/api/books/report/${bookId}`, who: victim, headers: { origin: 'null' } },
    ],
    [
      "an advertise of the seller's book from a sibling subdomain",
      {
        method: 'PUT',
        url: `/api/books/${bookId}`,
        who: seller,
        headers: { origin: 'http://evil.localhost:3000' },
      },
    ],
    [
      "a delete of the seller's book from another origin",
      { method: 'DELETE', url: `/api/books/${bookId}`, who: seller, headers: { origin: evil } },
    ],
  ];

  for (const [what, { method, url, who, headers, body }] of forged) {
    it(`refuses ${what} with 403 and changes nothing`, async () => {
      const before = await bookState();
      const res = await t.app.request(url, { method, headers: { ...who.headers, ...headers }, body });
      const { error, code } = await errorOf(res, 403);
      expect(code).toBe('FORBIDDEN');
      // It names the origin the store expected, so a misconfigured APP_URL is easy to spot.
      expect(error).toMatch(/^This request came from another website( \(.+\))?, so it was refused; /);
      expect(error).toMatch(/this store takes changes from http:\/\/localhost:3000$/);
      expect(await bookState()).toEqual(before);
    });
  }

  it('refuses a same-origin text/plain or form booking with 415 too, changing nothing', async () => {
    const before = await bookState();
    for (const [type, body] of [
      ['text/plain', bookingJson],
      ['application/x-www-form-urlencoded', `bookId=${bookId}&contact=5550100`],
    ]) {
      const res = await t.app.request('/api/booking', {
        method: 'POST',
        headers: { ...victim.headers, origin: testOrigin, 'content-type': type! },
        body,
      });
      expect(res.status).toBe(415);
    }
    expect(await bookState()).toEqual(before);
  });

  it('has Better Auth refuse a cross-origin sign-out (the session stays) and sign-in (no login CSRF)', async () => {
    const out = await t.call('POST', '/api/auth/sign-out', { as: victim, headers: { origin: evil }, json: {} });
    expect(out.status).toBe(403);
    expect((await t.call('GET', '/api/users/me', { as: victim })).status).toBe(200);

    const json = { email: victim.email, password: victim.password };
    const signIn = await t.call('POST', '/api/auth/sign-in/email', { headers: { origin: evil }, json });
    expect(signIn.status).toBe(403);
    expect(signIn.headers.getSetCookie()).toEqual([]);
  });

  it('still serves the same call from our own pages, and from clients that are not browsers', async () => {
    const own = await t.call('PUT', `/api/books/${bookId}`, { as: seller });
    expect(own.status).toBe(200);
    const { origin: _dropped, ...withoutOrigin } = { origin: '', ...seller.headers };
    const client = await t.app.request(`/api/books/${bookId}`, { method: 'PUT', headers: withoutOrigin });
    expect(client.status).toBe(200);
  });
});

describe('the origins that may write', () => {
  it('are every loopback name of the configured port outside production, and exactly APP_URL in production', () => {
    const at = (env: Record<string, string>) => appOrigins(readEnv({ PORT: '3000', ...env }));
    expect(at({})).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']);
    expect(at({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) })).toEqual(['http://localhost:3000']);
    expect(at({ APP_URL: 'https://shop.example' })).toEqual(['https://shop.example']);
  });

  it('let a fresh store opened at 127.0.0.1 instead of localhost sign people up and take their writes', async () => {
    const loopback = await createTestApp({ APP_URL: 'http://localhost:3000' });
    try {
      const origin = 'http://127.0.0.1:3000';
      const signUp = await loopback.call('POST', '/api/auth/sign-up/email', {
        headers: { origin },
        json: { name: 'Loop Back', email: 'loop@example.test', password: 'Secret#123', role: 'Buyer' },
      });
      expect(signUp.status).toBe(200);
      const cookie = cookieOf(signUp);
      const profile = await loopback.call('PUT', '/api/users/me', {
        headers: { origin, cookie },
        json: { displayName: 'Loop', photoURL: '' },
      });
      expect(profile.status).toBe(200);
    } finally {
      await loopback.close();
    }
  });
});
