import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { OutgoingMail } from './mail-frame.ts';
import { type MailTransport, nodemailerMessage } from './mail-transport.ts';

/** A message in the development mailbox. */
export interface MailboxMessage {
  id: string;
  date: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The file holding the whole message as sent (RFC 822), for a mail program. */
  eml: string;
}

const outboxId = /^[0-9a-f-]{36}$/;

/**
 * Without SMTP_URL, outside production, mail goes to DATA_DIR/mailbox: each message as the .eml a mail
 * program opens, beside a .json of its parts that GET /dev/mailbox shows. Built by nodemailer exactly as
 * it would go over SMTP.
 */
export function mailboxTransport(dir: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let folderMade: Promise<unknown> | undefined;
  return {
    description: dir,
    async send(mail: OutgoingMail) {
      const info = await composer.sendMail(nodemailerMessage(mail));
      folderMade ??= mkdir(dir, { recursive: true });
      await folderMade;
      const date = new Date();
      const name = `${date.toISOString().replace(/[:.]/g, '-')}-${mail.id}`;
      await writeFile(path.join(dir, `${name}.eml`), info.message as Buffer);
      const message: MailboxMessage = {
        id: mail.id,
        date: date.toISOString(),
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        eml: `${name}.eml`,
      };
      // Written whole, then renamed: the mailbox page never reads half a message.
      await writeFile(path.join(dir, `${name}.json.part`), JSON.stringify(message));
      await rename(path.join(dir, `${name}.json.part`), path.join(dir, `${name}.json`));
    },
    close() {},
  };
}

/** The mailbox's messages, newest first. */
export async function listMailbox(dir: string): Promise<MailboxMessage[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const files = names.filter((name) => name.endsWith('.json')).sort((a, b) => b.localeCompare(a));
  return Promise.all(
    files.map(async (name) => JSON.parse(await readFile(path.join(dir, name), 'utf8')) as MailboxMessage),
  );
}

/** One message by its outbox id (the last copy, should it have been sent twice), or null. */
export async function readMailboxMessage(dir: string, id: string): Promise<MailboxMessage | null> {
  if (!outboxId.test(id)) return null;
  const names = await readdir(dir).catch(() => [] as string[]);
  const name = names
    .filter((n) => n.endsWith(`-${id}.json`))
    .sort()
    .at(-1);
  return name ? (JSON.parse(await readFile(path.join(dir, name), 'utf8')) as MailboxMessage) : null;
}
