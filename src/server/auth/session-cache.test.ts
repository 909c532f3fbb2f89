import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache.ts';
import type { SessionUser } from './session-user.ts';

const user: SessionUser = {
  id: 'u1',
  email: 'a@b.test',
  name: 'A',
  image: null,
  role: 'Buyer',
  capabilities: ['Buyer'],
  verified: false,
};

function setUp(options: { maxStalenessMs?: number; maxAgeMs?: number } = {}) {
  const state = { version: 1, loads: 0, expiresAt: new Date(Date.now() + 60_000), found: true };
  const cache = createSessionCache({
    maxStalenessMs: options.maxStalenessMs ?? 60_000,
    maxAgeMs: options.maxAgeMs,
    readVersion: async () => String(state.version),
  });
  const lookup = (credentials: string | null = 'cookie=1') =>
    cache.lookup(credentials ?? undefined, async () => {
      state.loads += 1;
      return state.found ? { user, expiresAt: state.expiresAt } : null;
    });
  return { state, cache, lookup };
}

describe('session cache', () => {
  it('asks Better Auth once per credential while nothing changes', async () => {
    const { state, lookup } = setUp();
    expect(await lookup()).toEqual(user);
    expect(await lookup()).toEqual(user);
    expect(state.loads).toBe(1);
    await lookup('cookie=2');
    expect(state.loads).toBe(2);
  });

  it('asks again once the accounts version has changed and a check has seen it', async () => {
    const { state, cache, lookup } = setUp();
    await lookup();
    state.version = 2;
    state.found = false;
    expect(await lookup()).toEqual(user); // inside the window, before any write answered here
    cache.noteWrite();
    expect(await lookup()).toBeNull();
    expect(state.loads).toBe(2);
  });

  it('never keeps a missing session, nor an expired or old one', async () => {
    const { state, lookup } = setUp({ maxAgeMs: 50 });
    state.found = false;
    await lookup();
    await lookup();
    expect(state.loads).toBe(2);

    state.found = true;
    state.expiresAt = new Date(Date.now() + 20);
    await lookup();
    await new Promise((resolve) => setTimeout(resolve, 30));
    await lookup(); // expired: asked again
    expect(state.loads).toBe(4);

    state.expiresAt = new Date(Date.now() + 60_000);
    await lookup();
    await new Promise((resolve) => setTimeout(resolve, 60));
    await lookup(); // older than maxAgeMs: asked again
    expect(state.loads).toBe(6);
  });

  it('looks up requests without credentials, or with very long ones, every time', async () => {
    const { state, lookup } = setUp();
    await lookup(null);
    await lookup(null);
    await lookup('x'.repeat(10_000));
    await lookup('x'.repeat(10_000));
    expect(state.loads).toBe(4);
  });
});
