import { hc } from 'hono/client';
import type { AppType } from '../../server/app.ts';
import { totalCountHeader } from '../../shared/constants.ts';

/** The typed API client: paths, params and answers come from the server's routes. */
export const api = hc<AppType>('/').api;

export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

async function failure(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => null)) as { error?: string; message?: string } | null;
  return new ApiError(res.status, body?.error ?? body?.message ?? `The server answered ${res.status}`);
}

/** The JSON of a successful answer; anything else throws an ApiError with the server's message. */
export async function unwrap<T>(request: Promise<{ ok: boolean; json(): Promise<T> } & Response>): Promise<T> {
  const res = await request;
  if (!res.ok) throw await failure(res);
  return res.json();
}

/** A page of a list: the items, and the total the server counted. */
export async function unwrapPage<T>(
  request: Promise<{ ok: boolean; json(): Promise<T[]> } & Response>,
): Promise<{ items: T[]; total: number }> {
  const res = await request;
  if (!res.ok) throw await failure(res);
  return { items: await res.json(), total: Number(res.headers.get(totalCountHeader) ?? 0) };
}
