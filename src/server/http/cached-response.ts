import { createHash } from 'node:crypto';
import { brotliCompress, brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context, TypedResponse } from 'hono';

/** Bodies smaller than this go as they are: compressing them saves less than it costs. */
const compressFrom = 1024;
/** Sends of a brotli body after which it is remade at brotli's best quality. */
const bestBrotliAfter = 32;

type Encoding = 'br' | 'gzip' | 'identity';

export type CachedResponse = { headers: Record<string, string> } & (
  | { status: 200; body: Buffer<ArrayBuffer> }
  | { status: 304; body: null }
);

/** A public list's answer, serialized once and served to every reader until the catalogue changes. */
export interface CachedAnswer {
  /** The catalogue version the answer was built at (or after). */
  version: string;
  /** From ownBuffer(). */
  body: Buffer<ArrayBuffer>;
  etag: string;
  headers: Record<string, string>;
  /** The answers sent for it, made the first time a client asks for each (cachedResponse). */
  responses: Map<string, CachedResponse>;
  /** Brotli answers sent: a much-sent one is remade smaller (remakeBrotliAtBest). */
  brotliSends: number;
}

/**
 * `bytes` as a Buffer of memory of its own, exactly its size. zlib's output is a view into 64 KB that the
 * cache would hold on to for every compressed answer; and under load the app sent about a fifth more
 * cached answers a second from such Buffers than from plain Uint8Arrays or zlib's views (measured, with
 * the bench's load, against the same bytes replayed by node:http).
 */
export function ownBuffer(bytes: Uint8Array): Buffer<ArrayBuffer> {
  const own = Buffer.allocUnsafeSlow(bytes.byteLength);
  own.set(bytes);
  return own;
}

/** An answer ready to send many times: the body encoded once, with an ETag of its bytes. */
export function toCachedAnswer(version: string, text: string, headers: Record<string, string> = {}): CachedAnswer {
  const body = ownBuffer(Buffer.from(text));
  const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  return { version, body, etag, headers, responses: new Map(), brotliSends: 0 };
}

/** The best encoding an `Accept-Encoding` value accepts (`q=0` refuses one). */
function parsePreference(acceptEncoding: string): Encoding {
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    if (name && !refused) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** Browsers send a handful of distinct `Accept-Encoding` values; each is read once (a bounded memo). */
const preferences = new Map<string, Encoding>();
const maxPreferences = 256;

function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let preferred = preferences.get(acceptEncoding);
  if (!preferred) {
    preferred = parsePreference(acceptEncoding);
    if (preferences.size >= maxPreferences) preferences.clear();
    preferences.set(acceptEncoding, preferred);
  }
  return preferred;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(etag));
}

function makeResponse(answer: CachedAnswer, kind: Encoding | 'not-modified'): CachedResponse {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'cache-control': 'no-cache',
    ...answer.headers,
    etag: answer.etag,
    // An answer that also depends on another header (a page's, on Accept) names it first.
    vary: answer.headers.vary ? `${answer.headers.vary}, Accept-Encoding` : 'Accept-Encoding',
  };
  if (kind === 'not-modified') return { status: 304, headers, body: null };
  // The length lets the app's compression leave a body this module chose to send as it is.
  if (kind === 'identity') {
    return {
      status: 200,
      headers: { ...headers, 'content-length': String(answer.body.byteLength) },
      body: answer.body,
    };
  }
  const body = ownBuffer(
    kind === 'br'
      ? brotliCompressSync(answer.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(answer.body),
  );
  const encoded = { ...headers, 'content-encoding': kind, 'content-length': String(body.byteLength) };
  return { status: 200, headers: encoded, body };
}

/**
 * Remakes a much-sent brotli body at quality 11: list pages come out 9–14% smaller than at quality 5, for
 * ~12 ms of CPU per 15 KB page instead of ~0.3 ms. So it is done only for answers read often, on a libuv
 * thread, and the quick body is sent until the small one is ready.
 */
function remakeBrotliAtBest(answer: CachedAnswer, quick: CachedResponse & { status: 200 }): void {
  const params = {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_SIZE_HINT]: answer.body.byteLength,
  };
  brotliCompress(answer.body, { params }, (error, best) => {
    if (error || best.byteLength >= quick.body.byteLength) return;
    const headers = { ...quick.headers, 'content-length': String(best.byteLength) };
    answer.responses.set('br', { ...quick, headers, body: ownBuffer(best) });
  });
}

/**
 * The answer to a request for a cached answer (JSON unless its headers say otherwise): 304 when the client
 * holds this version, otherwise the body, compressed as the client prefers. Each kind of response is made
 * once per answer and shared; callers must not change it. Clients revalidate every time (`no-cache`),
 * which costs them a 304.
 */
export function cachedResponse(
  answer: CachedAnswer,
  request: { ifNoneMatch: string | undefined; acceptEncoding: string | undefined },
): CachedResponse {
  const kind = matches(request.ifNoneMatch, answer.etag)
    ? 'not-modified'
    : answer.body.byteLength < compressFrom
      ? 'identity'
      : preferredEncoding(request.acceptEncoding);
  let response = answer.responses.get(kind);
  if (!response) {
    response = makeResponse(answer, kind);
    answer.responses.set(kind, response);
  }
  if (kind === 'br' && response.status === 200 && ++answer.brotliSends === bestBrotliAfter) {
    remakeBrotliAtBest(answer, response);
  }
  return response;
}

/** Answers a cached answer through Hono; the typed client reads a JSON body as the T it was serialized from. */
export function sendCached<T>(c: Context, answer: CachedAnswer): TypedResponse<T, 200, 'json'> {
  const answered = cachedResponse(answer, {
    ifNoneMatch: c.req.header('if-none-match'),
    acceptEncoding: c.req.header('accept-encoding'),
  });
  const response =
    answered.status === 304 ? c.body(null, 304, answered.headers) : c.body(answered.body, 200, answered.headers);
  return response as unknown as TypedResponse<T, 200, 'json'>;
}
