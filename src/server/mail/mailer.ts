import path from 'node:path';
import { appBaseUrl, type Env } from '#server/env.ts';
import { isLoopbackAddress } from '#server/http/loopback.ts';
import type { MailFrameConfig } from './mail-frame.ts';
import { mailThread } from './mail-thread.ts';
import type { MailTransport } from './mail-transport.ts';

/** How this process sends the outbox's messages. */
export interface Mailer {
  transport: MailTransport;
  frame: MailFrameConfig;
  /** The development mailbox's folder, when mail goes there rather than to SMTP_URL. */
  mailboxDir: string | undefined;
}

/** Production sends real mail: without SMTP_URL it does not start, and says so. */
export function checkMailConfig(env: Env): void {
  if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
    throw new Error(
      'Invalid configuration:\n  SMTP_URL: required in production, e.g. smtp://user:password@mail.example.com:587',
    );
  }
}

/**
 * SMTP_URL when it is set. Without it, outside production, the development mailbox in DATA_DIR/mailbox
 * (GET /dev/mailbox shows it); in production a missing SMTP_URL stops the start, naming it.
 */
export function createMailer({ env, dataDir, secret }: { env: Env; dataDir: string; secret: string }): Mailer {
  checkMailConfig(env);
  const frame = { appUrl: appBaseUrl(env), secret, from: env.MAIL_FROM };
  if (env.SMTP_URL) return { transport: mailThread({ smtpUrl: env.SMTP_URL }), frame, mailboxDir: undefined };
  const dir = path.join(dataDir, 'mailbox');
  return { transport: mailThread({ mailboxDir: dir }), frame, mailboxDir: dir };
}

/**
 * Whether GET /dev/mailbox is served: while mail goes to the development mailbox, unless DEV_MAILBOX=off, and with
 * a HOST beyond loopback only when DEV_MAILBOX=on. Its messages hold sign-in links, so it answers callers on this
 * machine alone (http/loopback.ts) even then.
 */
export function servesDevMailbox(env: Env): boolean {
  if (env.NODE_ENV === 'production' || env.SMTP_URL || env.DEV_MAILBOX === 'off') return false;
  return env.HOST === undefined || isLoopbackAddress(env.HOST) || env.DEV_MAILBOX === 'on';
}

/** Where the server listens: HOST, or loopback alone while it serves the development mailbox, or every interface. */
export function listenHost(env: Env): string | undefined {
  return env.HOST ?? (servesDevMailbox(env) ? '127.0.0.1' : undefined);
}
