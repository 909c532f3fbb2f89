import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Env } from '../env.ts';

/** Strict browser policy: no inline scripts, no framing, no sniffing. */
export function securityHeaders(env: Env): MiddlewareHandler {
  const https = env.APP_URL?.startsWith('https://') ?? false;
  const policy: Parameters<typeof secureHeaders>[0] = {
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://js.stripe.com'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      connectSrc: ["'self'", 'https://api.stripe.com'],
      frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
    strictTransportSecurity: https ? 'max-age=31536000; includeSubDomains' : false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    crossOriginEmbedderPolicy: false,
  };
  // Pages keep the "Continue with Google" popup as their own; Better Auth's answers (the popup's
  // completion page, with its own script hash) must not cut the popup off from its opener.
  const pages = secureHeaders({ ...policy, crossOriginOpenerPolicy: 'same-origin-allow-popups' });
  const auth = secureHeaders({ ...policy, crossOriginOpenerPolicy: false, overwrite: false });
  return (c, next) => (c.req.path.startsWith('/api/auth/') ? auth(c, next) : pages(c, next));
}
