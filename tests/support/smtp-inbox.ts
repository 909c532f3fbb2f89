import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message the inbox received: parsed by mailparser, with the envelope's recipients. */
export interface ReceivedMail extends ParsedMail {
  envelopeTo: string[];
}

export interface SmtpInbox {
  /** SMTP_URL for the app: smtp://127.0.0.1:<port>. */
  url: string;
  /** Every message received, in order. */
  messages: ReceivedMail[];
  /** The messages sent to one address. */
  to(address: string): ReceivedMail[];
  /** Waits for a message matching `match` (already here or arriving), at most `timeoutMs`. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Stops listening (connections are refused: the mail server is down) until `start()`. */
  stop(): Promise<void>;
  /** Listens again, on the same port. */
  start(): Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1, port chosen by the OS, that accepts any
 * message (no authentication needed, no STARTTLS offered) and keeps it parsed with `mailparser`.
 */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  const waiting = new Set<() => void>();
  let port = 0;
  let server: SMTPServer | undefined;

  async function start() {
    const next = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // The client is this machine: looking its address up in DNS only slows every message down.
      disableReverseLookup: true,
      // Stopped, it drops the connections senders keep open at once, as a mail server that goes down does.
      closeTimeout: 1,
      onData(stream, session, callback) {
        simpleParser(stream).then(
          (parsed) => {
            messages.push({ ...parsed, envelopeTo: session.envelope.rcptTo.map((r) => r.address) } as ReceivedMail);
            for (const wake of waiting) wake();
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    await new Promise<void>((resolve, reject) => {
      next.server.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    port = (next.server.address() as AddressInfo).port;
    server = next;
  }

  async function stop() {
    const current = server;
    server = undefined;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  }

  await start();

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to: (address) => messages.filter((m) => m.envelopeTo.includes(address.toLowerCase())),
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no such message within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        waiting.add(check);
        check();
      });
    },
    stop,
    start,
  };
}

/** The first link in a message's plain-text part that starts with `prefix`. */
export function linkIn(mail: ParsedMail, prefix: string): string {
  const found = (mail.text ?? '').split(/\s+/).find((word) => word.startsWith(prefix));
  if (!found) throw new Error(`no link starting ${prefix} in: ${mail.text}`);
  return found;
}
