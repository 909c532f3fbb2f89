import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

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
