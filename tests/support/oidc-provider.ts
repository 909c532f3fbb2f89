import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { testOrigin } from './test-app.ts';

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1, with its development
 * login form: any login is accepted, and the login is the account's email address.
 */
export async function startOidcProvider({ redirectUri }: { redirectUri: string }): Promise<TestOidcProvider> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'bookshelf';
  const clientSecret = randomBytes(24).toString('hex');
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...signingKey, use: 'sig', kid: 'test-key' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, login) => ({
      accountId: login,
      claims: () => ({ sub: login, email: login, email_verified: true, name: nameOf(login) }),
    }),
  });
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** 'olive.reader@example.test' → 'Olive Reader'. */
function nameOf(login: string): string {
  return login
    .split('@')[0]!
    .split(/[._-]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join(' ');
}

/** The cookies one site has set, sent back on the next request to it. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || pair.slice(at + 1) === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(at + 1));
    }
  }

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** Goes through the provider's own login and consent forms, as a browser would; answers our app's callback URL. */
export async function throughProvider(authorizeUrl: string, login: string): Promise<string> {
  const jar = new CookieJar();
  let next = authorizeUrl;
  for (let step = 0; step < 12; step++) {
    let res = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(res);
    if (res.status < 300 || res.status >= 400) {
      const html = await res.text();
      const action = html.match(/action="([^"]+)"/)?.[1];
      const prompt = html.match(/name="prompt" value="([^"]+)"/)?.[1];
      if (!action || !prompt) throw new Error(`Unexpected provider page: ${html.slice(0, 300)}`);
      // The development form's hidden `prompt` field must be posted, as the browser does.
      const form = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login, password: 'anything' } : {}) });
      res = await fetch(new URL(action, next), {
        method: 'POST',
        body: form,
        redirect: 'manual',
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      });
      jar.take(res);
    }
    next = new URL(res.headers.get('location') ?? '', next).href;
    if (next.startsWith(testOrigin)) return next.slice(testOrigin.length);
  }
  throw new Error('The provider never sent the browser back');
}
