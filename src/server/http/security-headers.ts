import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Env } from '../env.ts';

type Policy = NonNullable<Parameters<typeof secureHeaders>[0]>;

/** The origin of pictures in an S3-compatible bucket served over plain http (a MinIO on a developer's machine). */
function plainHttpPictures(env: Env): string[] {
  const base = env.S3_BUCKET ? (env.S3_PUBLIC_URL ?? env.S3_ENDPOINT) : undefined;
  return base?.startsWith('http:') ? [new URL(base).origin] : [];
}

/**
 * Strict browser policy for pages: no inline scripts, no framing, no sniffing. JSON answers are never
 * rendered, so the API's get the short policy for them (OWASP REST Security): nothing loads, nothing frames
 * them, no sniffing, no reads from other origins. Their rule against framing is CSP `frame-ancestors`
 * alone: browsers that know it ignore X-Frame-Options, and one that does not cannot run the app whose
 * calls these are. Pages keep both.
 */
export function securityHeaders(env: Env): MiddlewareHandler {
  const https = env.APP_URL?.startsWith('https://') ?? false;
  const everywhere: Policy = {
    strictTransportSecurity: https ? 'max-age=31536000; includeSubDomains' : false,
    xContentTypeOptions: true,
    crossOriginResourcePolicy: 'same-origin',
    crossOriginEmbedderPolicy: false,
  };
  const page: Policy = {
    ...everywhere,
    xFrameOptions: 'DENY',
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://js.stripe.com'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...plainHttpPictures(env)],
      connectSrc: ["'self'", 'https://api.stripe.com'],
      frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
    referrerPolicy: 'strict-origin-when-cross-origin',
  };
  // Pages keep the "Continue with Google" popup as their own; Better Auth's answers (the popup's
  // completion page, with its own script hash) must not cut the popup off from its opener.
  const pages = secureHeaders({ ...page, crossOriginOpenerPolicy: 'same-origin-allow-popups' });
  const auth = secureHeaders({ ...page, crossOriginOpenerPolicy: false, overwrite: false });
  const json = secureHeaders({
    ...everywhere,
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    xFrameOptions: false,
    referrerPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  return (c, next) => {
    const path = c.req.path;
    if (path.startsWith('/api/auth/')) return auth(c, next);
    // Swagger UI is the one page under /api.
    return path.startsWith('/api/') && !path.startsWith('/api/docs') ? json(c, next) : pages(c, next);
  };
}
