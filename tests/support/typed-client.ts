import type { ClientResponse } from 'hono/client';
import { testClient } from 'hono/testing';
import type { AppType } from '#server/app.ts';

/**
 * The app's typed client (Hono's `testClient`, the web app's `hc<AppType>` on `app.request`): paths, params,
 * bodies and answers are the routes' own, so a changed route breaks the test that calls it at compile time.
 * `headers` go with every call (the origin writes need; a user's session).
 */
export function typedClient(app: AppType, headers: Record<string, string>) {
  return testClient(app, undefined, undefined, { headers }).api;
}

// biome-ignore lint/suspicious/noExplicitAny: any answer of the client, whatever its body and format
type AnyAnswer = ClientResponse<any, number, any>;

/** The body a route declares for `status` among its answers `R`. */
type BodyOf<R, S extends number> =
  R extends ClientResponse<infer T, infer C, 'json'> ? (C extends S ? T : never) : never;

/**
 * The JSON body of an answer, typed as its route declares the answer of `status`. An answer of another status
 * fails the test with what the API said instead.
 */
export async function jsonOf<R extends AnyAnswer, S extends R['status']>(res: R, status: S): Promise<BodyOf<R, S>> {
  await failUnlessStatus(res, status);
  return res.json();
}

/** Fails the test with what the API said when an answer is not of `status`. */
export async function failUnlessStatus(res: { status: number; text(): Promise<string> }, status: number) {
  if (res.status !== status) throw new Error(`expected a ${status} answer, got ${res.status}: ${await res.text()}`);
}
