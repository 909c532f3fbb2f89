import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context, TypedResponse } from 'hono';
import type { CachedAnswer } from './public-list-cache.ts';

/** Bodies smaller than this go as they are: compressing them saves less than it costs. */
const compressFrom = 1024;

function encode(answer: CachedAnswer, encoding: 'br' | 'gzip'): Uint8Array<ArrayBuffer> {
  let encoded = answer.encoded.get(encoding);
  if (!encoded) {
    encoded = new Uint8Array(
      encoding === 'br'
        ? brotliCompressSync(answer.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(answer.body),
    );
    answer.encoded.set(encoding, encoded);
  }
  return encoded;
}

/** The best encoding the client accepts (`q=0` refuses one), if the body is worth compressing. */
function chooseEncoding(answer: CachedAnswer, acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding || answer.body.length < compressFrom) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    if (name && !refused) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(etag));
}

export type CachedResponse = { headers: Record<string, string> } & (
  | { status: 200; body: Uint8Array<ArrayBuffer> }
  | { status: 304; body: null }
);

/**
 * The answer to a request for a cached answer (JSON unless its headers say otherwise): 304 when the client
 * holds this version, otherwise the body (compressed once per encoding). Clients revalidate every time
 * (`no-cache`), which costs them a 304.
 */
export function cachedResponse(
  answer: CachedAnswer,
  request: { ifNoneMatch: string | undefined; acceptEncoding: string | undefined },
): CachedResponse {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...answer.headers,
    etag: answer.etag,
    'cache-control': 'no-cache',
    vary: 'Accept-Encoding',
  };
  if (matches(request.ifNoneMatch, answer.etag)) return { status: 304, headers, body: null };
  const encoding = chooseEncoding(answer, request.acceptEncoding);
  if (!encoding) return { status: 200, headers, body: answer.body };
  return { status: 200, headers: { ...headers, 'content-encoding': encoding }, body: encode(answer, encoding) };
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
