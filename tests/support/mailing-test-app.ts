import { type SmtpInbox, startSmtpInbox } from './smtp-inbox.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export type MailingTestApp = TestApp & { inbox: SmtpInbox };

/** A test app that sends its mail to an SMTP inbox of its own, `inbox`; `close` ends both. */
export async function createMailingTestApp(envOverrides: Record<string, string> = {}): Promise<MailingTestApp> {
  const inbox = await startSmtpInbox();
  const t = await createTestApp({ SMTP_URL: inbox.url, ...envOverrides });
  return {
    ...t,
    inbox,
    async close() {
      await t.close();
      await inbox.stop();
    },
  };
}
