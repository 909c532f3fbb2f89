import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpInbox } from '../../../tests/support/smtp-inbox.ts';
import { listMailbox } from './dev-mailbox.ts';
import type { OutgoingMail } from './mail-frame.ts';
import { mailThread } from './mail-thread.ts';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function newFolder() {
  const folder = mkdtempSync(path.join(tmpdir(), 'mail-thread-'));
  folders.push(folder);
  return folder;
}

const mail = (id: string, to = 'reader@example.com'): OutgoingMail => ({
  id,
  from: 'The Big Bookshelf <mail@bookshelf.test>',
  to,
  subject: `Message ${id.slice(0, 4)}`,
  text: 'Your book was booked.',
  html: '<p>Your book was booked.</p>',
  messageId: `<${id}@bookshelf.test>`,
  headers: { 'X-Outbox-Id': id },
});

describe('the mail thread', () => {
  it('writes the development mailbox from a thread of its own, many messages side by side', async () => {
    const folder = newFolder();
    const transport = mailThread({ mailboxDir: folder });
    const ids = Array.from({ length: 20 }, () => crypto.randomUUID());
    await Promise.all(ids.map((id) => transport.send(mail(id))));
    transport.close();
    const saved = await listMailbox(folder);
    expect(saved.map((message) => message.id).sort()).toEqual([...ids].sort());
    expect(saved.every((message) => message.eml.includes(`Message-ID: <${message.id}@bookshelf.test>`))).toBe(true);
  });

  it('sends over SMTP, and a refusal comes back with its error code, for the outbox to keep and retry', async () => {
    const inbox = await startSmtpInbox();
    const transport = mailThread({ smtpUrl: inbox.url });
    try {
      const id = crypto.randomUUID();
      await transport.send(mail(id, 'smtp-reader@example.com'));
      const received = await inbox.waitFor((m) => m.messageId === `<${id}@bookshelf.test>`);
      expect(received.envelopeTo).toEqual(['smtp-reader@example.com']);
      await inbox.stop();
      const refused = await transport.send(mail(crypto.randomUUID())).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(Error);
      expect(refused).toMatchObject({ code: 'ESOCKET', message: expect.stringContaining('ECONNREFUSED') });
    } finally {
      transport.close();
      await inbox.stop();
    }
  });

  it('fails the messages a stopped thread held, and starts a new thread for the next', async () => {
    const folder = newFolder();
    const transport = mailThread({ mailboxDir: folder });
    const held = transport.send(mail(crypto.randomUUID()));
    transport.close();
    await expect(held).rejects.toThrow(/the mail thread stopped/);
    await transport.send(mail(crypto.randomUUID()));
    transport.close();
    expect(await listMailbox(folder)).toHaveLength(1);
  });

  it('lets the process end once its messages are sent: an idle thread holds nothing open', async () => {
    const folder = newFolder();
    const script = `
      import { mailThread } from ${JSON.stringify(path.join(import.meta.dirname, 'mail-thread.ts'))};
      const transport = mailThread({ mailboxDir: ${JSON.stringify(folder)} });
      await transport.send(${JSON.stringify(mail(crypto.randomUUID()))});
      console.log('sent');`;
    const file = path.join(folder, 'send-one.mjs');
    writeFileSync(file, script);
    const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        child.kill();
        resolve(null);
      }, 10_000);
      child.on('exit', (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    expect({ code, output: output.trim() }).toEqual({ code: 0, output: 'sent' });
  });
});
