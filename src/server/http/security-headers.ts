import type { MiddlewareHandler } from 'hono';
import type { Env } from '#server/env.ts';

type Headers = Record<string, string>;

/** The headers each kind of answer carries, made once from the configuration. */
export interface SecurityHeaders {
  /** Pages (and Swagger UI, the one page under /api). */
  page: Headers;
  /** Better Auth's answers, which keep the headers they set themselves. */
  auth: Headers;
  /** The API's JSON answers. */
  api: Headers;
}

/**
 * The origin of pictures served over plain http: an S3-compatible bucket (a MinIO on a developer's machine). The
 * covers an ISBN lookup suggests are https only (coverPolicy), so `https:` takes them.
 */
function plainHttpPictures(env: Env): string[] {
  const bucket = env.S3_BUCKET ? (env.S3_PUBLIC_URL ?? env.S3_ENDPOINT) : undefined;
  return bucket?.startsWith('http:') ? [new URL(bucket).origin] : [];
}

function contentSecurityPolicy(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/**
 * Strict browser policy for pages: no inline scripts, no framing, no sniffing. JSON answers are never
 * rendered, so the API's get the short policy for them (OWASP REST Security): nothing loads, nothing frames
 * them, no sniffing, no reads from other origins. Their rule against framing is CSP `frame-ancestors`
 * alone: browsers that know it ignore X-Frame-Options, and one that does not cannot run the app whose
 * calls these are. Pages keep both.
 */
export function securityHeadersFor(env: Env): SecurityHeaders {
  const https = env.APP_URL?.startsWith('https://') ?? false;
  const everywhere: Headers = {
    'cross-origin-resource-policy': 'same-origin',
    ...(https && { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }),
    'x-content-type-options': 'nosniff',
  };
  const page: Headers = {
    ...everywhere,
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'content-security-policy': contentSecurityPolicy({
      'default-src': ["'self'"],
      'script-src': ["'self'", 'https://js.stripe.com'],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:', ...plainHttpPictures(env)],
      'connect-src': ["'self'", 'https://api.stripe.com'],
      'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
      'frame-ancestors': ["'none'"],
      'form-action': ["'self'"],
      'base-uri': ["'self'"],
      'object-src': ["'none'"],
    }),
  };
  return {
    // Pages keep the "Continue with Google" popup as their own; Better Auth's answers (the popup's
    // completion page, with its own script hash) must not cut the popup off from its opener.
    page: { ...page, 'cross-origin-opener-policy': 'same-origin-allow-popups' },
    auth: page,
    api: { ...everywhere, 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" },
  };
}

/** Puts each answer's security headers on it, by the kind of answer its path names. */
export function securityHeaders(headers: SecurityHeaders): MiddlewareHandler {
  const page = Object.entries(headers.page);
  const auth = Object.entries(headers.auth);
  const api = Object.entries(headers.api);
  return async (c, next) => {
    const path = c.req.path;
    await next();
    const sent = c.res.headers;
    if (path.startsWith('/api/auth/')) {
      for (const [name, value] of auth) if (!sent.has(name)) sent.set(name, value);
    } else {
      const set = path.startsWith('/api/') && !path.startsWith('/api/docs') ? api : page;
      for (const [name, value] of set) sent.set(name, value);
    }
    sent.delete('x-powered-by');
  };
}
