import nodemailer from 'nodemailer';
import type { OutgoingMail } from './mail-frame.ts';

/** Where framed messages go: an SMTP server, or the development mailbox (dev-mailbox.ts). */
export interface MailTransport {
  /** For the start log: `smtp://mail.example.com:587` (never the password) or the mailbox folder. */
  readonly description: string;
  /** Resolves once the message is accepted; rejects (so the job retries) when it is not. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The fields nodemailer takes, from a framed message. */
export function nodemailerMessage(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    headers: mail.headers,
  };
}

/**
 * SMTP_URL through nodemailer: smtp:// upgrades with STARTTLS when the server offers it, smtps:// is TLS from
 * the start; user and password in the URL. A few pooled connections, each kept for many messages: the outbox
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
  const shown = new URL(url);
  return {
    description: `${shown.protocol}//${shown.host}`,
    async send(mail) {
      await transporter.sendMail(nodemailerMessage(mail));
    },
    close: () => transporter.close(),
  };
}
