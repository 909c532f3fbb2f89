import { expect } from 'vitest';
import { en } from '#shared/i18n/english.ts';
import type { LiveServer } from './live-server.ts';
import type { MailingTestApp } from './mailing-test-app.ts';
import { linkIn } from './smtp-inbox.ts';
import { type TestUser, testOrigin } from './test-app.ts';

/**
 * The password-reset and sign-in calls of Better Auth over real HTTP, and the reset links as the SMTP server
 * received them, for the tests of what ends those links and what a closed account may still do.
 */
export function resetLinks(t: MailingTestApp, live: LiveServer) {
  /** The tokens of every reset link mailed to `email` so far, oldest first (sends the mail due first). */
  async function mailedTokens(email: string): Promise<string[]> {
    await t.runJobs();
    return t.inbox
      .to(email)
      .filter((mail) => mail.subject === en.mailTexts.auth.resetPassword.subject)
      .map((mail) => {
        const link = linkIn(mail, `${testOrigin}/reset-password?token=`);
        return decodeURIComponent(new URL(link).searchParams.get('token')!);
      });
  }

  return {
    askForLink: (email: string) => live.call('POST', '/api/auth/request-password-reset', { json: { email } }),
    mailedTokens,
    /** The token of the newest reset link mailed to `email`. */
    async mailedToken(email: string): Promise<string> {
      const tokens = await mailedTokens(email);
      expect(tokens.length).toBeGreaterThan(0);
      return tokens.at(-1)!;
    },
    reset: (token: string, newPassword: string) =>
      live.call('POST', '/api/auth/reset-password', { json: { token, newPassword } }),
    signIn: (email: string, password: string) =>
      live.call('POST', '/api/auth/sign-in/email', { json: { email, password } }),
    /** The Authorization header of a bearer token of `person`'s session (POST /api/jwt). */
    async bearerOf(person: TestUser): Promise<Record<string, string>> {
      const res = await live.call('POST', '/api/jwt', { as: person, json: { email: person.email } });
      expect(res.status).toBe(200);
      const { token } = (await res.json()) as { token: string };
      return { authorization: `Bearer ${token}` };
    },
    /** The status of GET /api/users/me with these credentials. */
    opens: async (headers: Record<string, string>) => (await live.call('GET', '/api/users/me', { headers })).status,
  };
}
