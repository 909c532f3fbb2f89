import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { Env } from '#server/env.ts';

export interface SignInProvider {
  /** The id Better Auth knows the provider by (`signIn.popup({ provider })`). */
  id: string;
  name: string;
}

/** The generic OpenID Connect provider's id, used in its callback URL: /api/auth/callback/oidc. */
export const oidcProviderId = 'oidc';

/** The third-party sign-in providers this server is configured for, Google first. */
export function configuredProviders(env: Env): SignInProvider[] {
  const providers: SignInProvider[] = [];
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) providers.push({ id: 'google', name: 'Google' });
  if (env.OIDC_ISSUER && env.OIDC_CLIENT_ID) {
    providers.push({ id: oidcProviderId, name: new URL(env.OIDC_ISSUER).host });
  }
  return providers;
}

export function googleProvider(env: Env) {
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return {};
  return {
    google: {
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      prompt: 'select_account' as const,
    },
  };
}

/** Any OpenID Connect provider by its issuer URL (discovery, PKCE, verified ID tokens). */
export function oidcPlugins(env: Env) {
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID) return [];
  const issuer = env.OIDC_ISSUER.replace(/\/+$/, '');
  return [
    genericOAuth({
      config: [
        {
          providerId: oidcProviderId,
          name: new URL(issuer).host,
          discoveryUrl: `${issuer}/.well-known/openid-configuration`,
          clientId: env.OIDC_CLIENT_ID,
          clientSecret: env.OIDC_CLIENT_SECRET,
          scopes: ['openid', 'email', 'profile'],
          pkce: true,
          requireIdTokenVerification: true,
        },
      ],
    }),
  ];
}
