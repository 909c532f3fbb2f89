import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listMailbox, mailboxTransport, readMailboxMessage } from './dev-mailbox.ts';
import type { OutgoingMail } from './mail-frame.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'dev-mailbox-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const mail = (id: string): OutgoingMail => ({
  id,
  from: 'The Big Bookshelf <mail@bookshelf.test>',
  to: 'reader@example.com',
  subject: `Message ${id.slice(0, 8)}`,
  text: 'Your book was booked.',
  html: '<p>Your book was booked.</p>',
  messageId: `<${id}@bookshelf.test>`,
  headers: {},
});

describe('the development mailbox', () => {
  it('keeps every message whole, newest first, even after a writer stopped in the middle of one', async () => {
    const [first, second, third] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const dir = path.join(folder, 'mailbox');
    await mailboxTransport(dir).send(mail(first));
    await mailboxTransport(dir).send(mail(second));
    // A server stopped during a write: the file ends in part of a line.
    appendFileSync(path.join(dir, 'messages.jsonl'), `{"id":"${crypto.randomUUID()}","date":"2026-`);
    await mailboxTransport(dir).send(mail(third));

    expect((await listMailbox(dir)).map((message) => message.id)).toEqual([third, second, first]);
    const kept = await readMailboxMessage(dir, third);
    expect(kept).toMatchObject({ subject: `Message ${third.slice(0, 8)}`, html: '<p>Your book was booked.</p>' });
    expect(kept?.eml).toContain(`Message-ID: <${third}@bookshelf.test>`);
  });

  it('is empty before the first message, and finds no message by an id that is not one', async () => {
    const dir = path.join(folder, 'empty');
    expect(await listMailbox(dir)).toEqual([]);
    expect(await readMailboxMessage(dir, '../../auth-secret')).toBeNull();
  });
});
