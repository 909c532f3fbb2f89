import { appendFileSync, closeSync, fstatSync, mkdirSync, openSync, readSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutgoingMail } from './mail-frame.ts';
import type { MailTransport } from './mail-transport.ts';
import { mimeMessage } from './mime.ts';

/** A message in the development mailbox. */
export interface MailboxMessage {
  id: string;
  date: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The whole message as sent (RFC 822), for a mail program. */
  eml: string;
}

const outboxId = /^[0-9a-f-]{36}$/;

/** The mailbox's one file in its folder: a line of JSON a message, in the order they were sent. */
const mailboxFile = 'messages.jsonl';

/**
 * Without SMTP_URL, outside production, mail goes to DATA_DIR/mailbox/messages.jsonl, which GET /dev/mailbox shows:
 * each message's parts, and the whole message as it would go over SMTP (`mimeMessage`), which the page offers as the
 * .eml a mail program opens. A message is one line appended to the file, in one write: creating a file or two a
 * message cost more CPU than composing it (ADR 038).
 */
export function mailboxTransport(dir: string): MailTransport {
  const file = path.join(dir, mailboxFile);
  let wholeLines = false;
  return {
    description: dir,
    async send(mail: OutgoingMail) {
      const date = new Date();
      const message: MailboxMessage = {
        id: mail.id,
        date: date.toISOString(),
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        eml: mimeMessage(mail, date),
      };
      // The first line of this thread ends one that a stopped writer cut short, so that it starts whole.
      appendLine(dir, file, `${wholeLines ? '' : endOfCutLine(file)}${JSON.stringify(message)}\n`);
      wholeLines = true;
    },
    close() {},
  };
}

/**
 * Appends a whole line at once: writes to the end of a file are not interleaved, so servers sharing DATA_DIR do not
 * mix their messages. Synchronous, on the mail thread (mail-thread.ts), which has nothing else to do meanwhile. The
 * folder is made when it is missing, at the first message or after someone deleted it.
 */
function appendLine(dir: string, file: string, line: string): void {
  try {
    appendFileSync(file, line);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(dir, { recursive: true });
    appendFileSync(file, line);
  }
}

/** A line end when the file's last line has none: its writer stopped in the middle of it. */
function endOfCutLine(file: string): string {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return '';
  }
  try {
    const { size } = fstatSync(fd);
    const last = Buffer.alloc(1);
    return size > 0 && readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a ? '\n' : '';
  } finally {
    closeSync(fd);
  }
}

/**
 * The mailbox's messages in the order they were sent. A line still being written (no line end yet) waits for the
 * next read; one cut short by a crash during its write is not a message, and is passed over.
 */
async function readMailbox(dir: string): Promise<MailboxMessage[]> {
  const content = await readFile(path.join(dir, mailboxFile), 'utf8').catch(() => '');
  return content
    .split('\n')
    .slice(0, -1)
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as MailboxMessage];
      } catch {
        return [];
      }
    });
}

/** The mailbox's messages, newest first. */
export async function listMailbox(dir: string): Promise<MailboxMessage[]> {
  return (await readMailbox(dir)).reverse();
}

/** One message by its outbox id (the last copy, should it have been sent twice), or null. */
export async function readMailboxMessage(dir: string, id: string): Promise<MailboxMessage | null> {
  if (!outboxId.test(id)) return null;
  return (await readMailbox(dir)).findLast((message) => message.id === id) ?? null;
}
