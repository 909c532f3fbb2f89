import { hc } from 'hono/client';
import type { AppType } from '#server/app.ts';
import { totalCountHeader } from '#shared/constants.ts';
import { currentLocale } from '#shared/i18n/texts.ts';

/** The typed API client: paths, params and answers come from the server's routes; refusals come in the page's language. */
export const api = hc<AppType>('/', { headers: { 'Accept-Language': currentLocale() } }).api;

/** An error answer of the API: `{ error, code, field? }` (Better Auth's own answers say `message`). */
export interface ErrorAnswer {
  error: string;
  code: string;
  field?: string;
}

export class ApiError extends Error {
  readonly status: number;
  /** The server's stable code (NOT_FOUND, CONFLICT …; a card decline has the processor's). */
  readonly code: string;
  /** The input the server refused, when it names one; `reason` is then the text to show beside that input. */
  readonly field: string | undefined;
  readonly reason: string;

  constructor(status: number, { error, code, field }: ErrorAnswer) {
    // Shown on its own (a toast, an alert), the message names the input it is about.
    super(field ? `${field}: ${error}` : error);
    this.status = status;
    this.code = code;
    this.field = field;
    this.reason = error;
  }
}

/** The ApiError of an answer's status and parsed body (null when the body was not JSON). */
export function apiErrorOf(status: number, body: unknown, fallback = `The server answered ${status}`): ApiError {
  const { error, message, code, field } = (body ?? {}) as Partial<ErrorAnswer> & { message?: string };
  return new ApiError(status, {
    error: error ?? message ?? fallback,
    code: code ?? 'UNKNOWN',
    field,
  });
}

async function failure(res: Response): Promise<ApiError> {
  return apiErrorOf(res.status, await res.json().catch(() => null));
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

/** One page (`?page=&limit=`) of a list `endpoint` serves a page at a time: the items, and the total. */
export function getPage<T>(
  endpoint: (args: {
    query: { page: string; limit: string };
  }) => Promise<{ ok: boolean; json(): Promise<T[]> } & Response>,
  page: number,
  pageSize: number,
): Promise<{ items: T[]; total: number }> {
  return unwrapPage(endpoint({ query: { page: String(page), limit: String(pageSize) } }));
}
