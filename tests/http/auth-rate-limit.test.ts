import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientIpHeader } from '#server/auth/client-ip.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

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

describe('failed sign-ins behind a proxy (TRUST_PROXY=1)', () => {
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
