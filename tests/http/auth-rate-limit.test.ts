import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientIpHeader } from '../../src/server/auth/client-ip.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: 'on' });
});
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
