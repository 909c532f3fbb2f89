import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { user } from '#server/db/schema/auth.ts';
import type { Role } from '#shared/constants.ts';
import { cookieOf } from './cookie-header.ts';
import { type TestApp, type TestUser, testOrigin } from './test-app.ts';

export interface LiveServer {
  url: string;
  /** Sends a real HTTP request; `as` adds that user's cookie, `json` a JSON body. Our own pages' Origin. */
  call(
    method: string,
    path: string,
    options?: { as?: TestUser; json?: unknown; body?: BodyInit; headers?: Record<string, string> },
  ): Promise<Response>;
  /** Signs up through POST /api/auth/sign-up/email and signs in through /api/auth/sign-in/email. */
  signUp(role: Role, label?: string): Promise<TestUser>;
  close(): Promise<void>;
}

/**
 * The test app listening on a random port of 127.0.0.1 (or of `hostname`: `0.0.0.0` takes callers from every
 * interface), with real sockets, cookies and sign-ins. Its `url` is on 127.0.0.1 either way.
 */
export async function listen(t: TestApp, { hostname = '127.0.0.1' } = {}): Promise<LiveServer> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname }, () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let counter = 0;

  const call: LiveServer['call'] = (method, path, options = {}) => {
    const headers: Record<string, string> = { origin: testOrigin, ...options.as?.headers, ...options.headers };
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    return fetch(`${url}${path}`, { method, headers, body, redirect: 'manual' });
  };

  async function signUp(role: Role, label: string = role): Promise<TestUser> {
    counter += 1;
    const email = `${label.toLowerCase().replaceAll(' ', '-')}-${counter}-${crypto.randomUUID().slice(0, 6)}@example.test`;
    const password = 'Secret#123';
    const name = `${label} ${counter}`;
    const selfService = role === 'Admin' ? 'Buyer' : role;
    const created = await call('POST', '/api/auth/sign-up/email', {
      json: { name, email, password, role: selfService },
    });
    if (created.status !== 200) throw new Error(`sign-up failed: ${created.status} ${await created.text()}`);
    const { user: made } = (await created.json()) as { user: { id: string } };
    // Admin is only ever granted by an admin (or the create-admin command); here the test plays that part.
    if (role === 'Admin') await t.db.update(user).set({ role }).where(eq(user.id, made.id));
    const signedIn = await call('POST', '/api/auth/sign-in/email', { json: { email, password } });
    if (signedIn.status !== 200) throw new Error(`sign-in failed: ${signedIn.status} ${await signedIn.text()}`);
    const cookie = cookieOf(signedIn);
    return { id: made.id, email, name, role, password, headers: { cookie } };
  }

  return {
    url,
    call,
    signUp,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as Server).closeAllConnections();
      }),
  };
}

/** An IPv4 address of this machine that is not loopback, for calling a server as another machine would; or none. */
export function outsideAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
}
