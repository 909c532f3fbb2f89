import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientIpHeader } from '#server/auth/client-ip.ts';
import { type LiveServer, listen } from '../support/live-server.ts';
import { createTestApp, type TestApp, testPassword } from '../support/test-app.ts';

const t = await createTestApp({ AUTH_RATE_LIMIT: 'on' });
afterAll(() => t.close());

const wrongPassword = (email: string, headers: Record<string, string> = {}) =>
  t.call('POST', '/api/auth/sign-in/email', { json: { email, password: 'Wrong#123' }, headers });

describe('repeated failed sign-ins', () => {
  it('answer 429 once the limit is reached, and a forged address header does not reset the count', async () => {
    const victim = { email: 'victim@example.test', password: 'Secret#123' };
    await t.deps.auth.api.signUpEmail({ body: { name: 'Victim', ...victim } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await wrongPassword(victim.email)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);

    const limited = await wrongPassword(victim.email);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('x-retry-after'))).toBeGreaterThan(0);

    const forged = await wrongPassword(victim.email, {
      [clientIpHeader]: '203.0.113.9',
      'x-forwarded-for': '203.0.113.8',
    });
    expect(forged.status).toBe(429);
    // Even the right password waits: the limit is on attempts, whatever their outcome.
    const right = await t.call('POST', '/api/auth/sign-in/email', {
      json: { email: victim.email, password: victim.password },
    });
    expect(right.status).toBe(429);
  });
});

describe('failed sign-ins behind a proxy (TRUST_PROXY=1)', { timeout: 120_000 }, () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ AUTH_RATE_LIMIT: 'on', TRUST_PROXY: '1' });
  });
  afterAll(() => proxied.close());

  const failFrom = (email: string, forwardedFor: string) =>
    proxied.call('POST', '/api/auth/sign-in/email', {
      json: { email, password: 'Wrong#123' },
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('count per account and per client address, so people behind one proxy do not share five tries', async () => {
    // Five people behind one office proxy each mistype their password five times: nobody is locked out.
    const office = '198.51.100.7';
    const people = Array.from({ length: 5 }, (_, i) => `office-${i}@example.test`);
    for (const email of people) {
      for (let i = 0; i < 5; i++) expect((await failFrom(email, `10.0.0.${i}, ${office}`)).status).toBe(401);
    }
    // The address's own bucket (30 failures a minute) fills after six more, whatever account they try.
    for (let i = 0; i < 5; i++) expect((await failFrom(`other-${i}@example.test`, office)).status).toBe(401);
    expect((await failFrom('one-more@example.test', office)).status).toBe(429);
    // Another address is not held up; the client's own (leftmost) entries are not what is counted.
    expect((await failFrom('one-more@example.test', `${office}, 203.0.113.50`)).status).toBe(401);
  });
});

/** How many answers of each status, e.g. `{ 401: 5, 429: 7 }`. */
function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe('failed sign-ins sent at once, over real sockets (TRUST_PROXY=1)', { timeout: 120_000 }, () => {
  let proxied: TestApp;
  let live: LiveServer;
  beforeAll(async () => {
    proxied = await createTestApp({ AUTH_RATE_LIMIT: 'on', TRUST_PROXY: '1' });
    live = await listen(proxied);
  });
  afterAll(async () => {
    await live.close();
    await proxied.close();
  });

  const failFrom = (email: string, forwardedFor: string, password = 'Wrong#123') =>
    live.call('POST', '/api/auth/sign-in/email', {
      json: { email, password },
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('try exactly as many passwords for one account as one after another would: five, the rest 429', async () => {
    const inParallel = await proxied.newUser('Buyer', { withPassword: true });
    const answers = await Promise.all(Array.from({ length: 12 }, () => failFrom(inParallel.email, '198.51.100.1')));
    expect(tally(answers.map((r) => r.status))).toEqual({ 401: 5, 429: 7 });
    for (const limited of answers.filter((r) => r.status === 429)) {
      expect(Number(limited.headers.get('x-retry-after'))).toBeGreaterThan(0);
    }

    const oneByOne = await proxied.newUser('Buyer', { withPassword: true });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await failFrom(oneByOne.email, '198.51.100.11')).status);
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);

    // The account waits, from any address: the right password is refused too.
    const right = await failFrom(inParallel.email, '198.51.100.12', testPassword);
    expect(right.status).toBe(429);
  });

  it('try exactly 30 from one address at once, whatever accounts they name; the rest 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => failFrom(`parallel-${i}@example.test`, '198.51.100.2')),
    );
    expect(tally(answers.map((r) => r.status))).toEqual({ 401: 30, 429: 10 });
    // The same address written as IPv4-mapped IPv6 is the same address; the next one is another.
    expect((await failFrom('mapped@example.test', '::ffff:198.51.100.2')).status).toBe(429);
    expect((await failFrom('mapped@example.test', '198.51.100.3')).status).toBe(401);
  });

  it('count the IPv6 addresses of one /64 network as one address', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => failFrom(`six-${i}@example.test`, `2001:db8:7:1::${(i + 1).toString(16)}`)),
    );
    expect(tally(answers.map((r) => r.status))).toEqual({ 401: 30, 429: 10 });
    expect((await failFrom('six-more@example.test', '2001:db8:7:1:ffff:ffff:ffff:ffff')).status).toBe(429);
    expect((await failFrom('six-more@example.test', '[2001:DB8:7:1::abcd]:443')).status).toBe(429);
    // Another /64 is another household.
    expect((await failFrom('six-more@example.test', '2001:db8:7:2::1')).status).toBe(401);
  });

  it('count an X-Forwarded-For entry that is not an address as the socket’s address, not as a new one each time', async () => {
    // Text a client may write, different every time: were it counted as written, every try would be a first.
    const kinds = ['unknown', '_hidden', 'evil.example', '203.0.113', '203.0.113.999'];
    const garbage = (i: number) => `${kinds[i % kinds.length]}-${i}`;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => failFrom(`garbage-${i}@example.test`, garbage(i))),
    );
    expect(tally(answers.map((r) => r.status))).toEqual({ 401: 30, 429: 10 });
    // The socket's address (127.0.0.1) is what was counted: without the header it is refused too.
    const bare = await live.call('POST', '/api/auth/sign-in/email', {
      json: { email: 'garbage-more@example.test', password: 'Wrong#123' },
    });
    expect(bare.status).toBe(429);
  });
});

describe('failed sign-ins with fewer X-Forwarded-For entries than TRUST_PROXY=2', { timeout: 120_000 }, () => {
  let proxied: TestApp;
  let live: LiveServer;
  beforeAll(async () => {
    proxied = await createTestApp({ AUTH_RATE_LIMIT: 'on', TRUST_PROXY: '2' });
    live = await listen(proxied);
  });
  afterAll(async () => {
    await live.close();
    await proxied.close();
  });

  it('count the socket’s address, never the entry the client wrote itself', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        live.call('POST', '/api/auth/sign-in/email', {
          json: { email: `hops-${i}@example.test`, password: 'Wrong#123' },
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        }),
      ),
    );
    expect(tally(answers.map((r) => r.status))).toEqual({ 401: 30, 429: 10 });
    // Two entries are enough: the one the first proxy wrote counts, apart from the socket's.
    const twoHops = await live.call('POST', '/api/auth/sign-in/email', {
      json: { email: 'hops-more@example.test', password: 'Wrong#123' },
      headers: { 'x-forwarded-for': '203.0.113.200, 10.0.0.1' },
    });
    expect(twoHops.status).toBe(401);
  });
});

describe('session checks (AUTH_RATE_LIMIT=on), over a real socket', { timeout: 120_000 }, () => {
  let limited: TestApp;
  let live: LiveServer;
  beforeAll(async () => {
    limited = await createTestApp({ AUTH_RATE_LIMIT: 'on' });
    live = await listen(limited);
  });
  afterAll(async () => {
    await live.close();
    await limited.close();
  });

  it('are never refused: 150 from one address answer the session, and sign-in limits still hold', async () => {
    // Three or four people on one home or office address, browsing: every page asks for the session.
    const people = await Promise.all(Array.from({ length: 4 }, () => limited.newUser('Buyer', { withPassword: true })));
    const statuses: number[] = [];
    for (let batch = 0; batch < 15; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => live.call('GET', '/api/auth/get-session', { as: people[i % 4] })),
      );
      for (const [i, res] of answers.entries()) {
        statuses.push(res.status);
        if (res.status === 200) {
          expect(((await res.json()) as { user: { email: string } }).user.email).toBe(people[i % 4]!.email);
        }
      }
    }
    expect(tally(statuses)).toEqual({ 200: 150 });

    // They did not use up anyone's sign-in attempts, and sign-in is still limited.
    const signIn = (password: string) =>
      live.call('POST', '/api/auth/sign-in/email', { json: { email: people[0]!.email, password } });
    const failures: number[] = [];
    for (let i = 0; i < 6; i++) failures.push((await signIn('Wrong#123')).status);
    expect(failures).toEqual([401, 401, 401, 401, 401, 429]);
    // The others still check their sessions.
    expect((await live.call('GET', '/api/auth/get-session', { as: people[1] })).status).toBe(200);
  });
});
