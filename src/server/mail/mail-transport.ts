import nodemailer from 'nodemailer';
import type { OutgoingMail } from './mail-frame.ts';
import { mimeMessage } from './mime.ts';

/** Where framed messages go: an SMTP server, or the development mailbox (dev-mailbox.ts). */
export interface MailTransport {
  /** For the start log: `smtp://mail.example.com:587` (never the password) or the mailbox folder. */
  readonly description: string;
  /** Resolves once the message is accepted; rejects (so the job retries) when it is not. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Where mail goes: an SMTP server (SMTP_URL), or the development mailbox's folder (dev-mailbox.ts). */
export type MailPlace = { smtpUrl: string } | { mailboxDir: string };

/** `smtp://mail.example.com:587` (never the password), or the mailbox folder: for the start log. */
export function describeMailPlace(place: MailPlace): string {
  if ('mailboxDir' in place) return place.mailboxDir;
  const url = new URL(place.smtpUrl);
  return `${url.protocol}//${url.host}`;
}

/**
 * SMTP_URL through nodemailer: smtp:// upgrades with STARTTLS when the server offers it, smtps:// is TLS from
 * the start; user and password in the URL. It carries the message as `mimeMessage` wrote it, to the envelope's one
 * recipient. A few pooled connections, each kept for many messages: the outbox
 * sends its messages in batches (outbox-sender.ts). Timeouts are short so a server that hangs fails the attempt
 * (which is retried) well within its claim.
 */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 4,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    description: describeMailPlace({ smtpUrl: url }),
    async send(mail) {
      await transporter.sendMail({ envelope: { from: mail.from, to: [mail.to] }, raw: mimeMessage(mail) });
    },
    close: () => transporter.close(),
  };
}
