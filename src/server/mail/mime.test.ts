import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import type { OutgoingMail } from './mail-frame.ts';
import { mimeMessage } from './mime.ts';

const mail = (fields: Partial<OutgoingMail> = {}): OutgoingMail => ({
  id: '0b7c9a52-3f7e-4a53-9d62-5f3c2a1e8d40',
  from: 'The Big Bookshelf <mail@bookshelf.test>',
  to: 'reader@example.com',
  subject: 'Your book was booked',
  text: 'Hello Ana,\n\nYour book was booked.',
  html: '<p>Hello Ana,</p><p>Your book was booked.</p>',
  messageId: '<0b7c9a52@bookshelf.test>',
  headers: {},
  ...fields,
});

/** The message as a mail program reads it (mailparser, as the test SMTP server parses what it receives). */
const read = (message: OutgoingMail, date?: Date) => simpleParser(mimeMessage(message, date));

describe('a message as it goes over SMTP', () => {
  it('reads back as sent: addresses, subject, date, id, both parts and the extra headers', async () => {
    const sentAt = new Date('2026-11-28T10:15:00Z');
    const oneClick = '<https://bookshelf.test/api/mail/unsubscribe?token=abc.def>';
    const parsed = await read(
      mail({ headers: { 'List-Unsubscribe': oneClick, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }),
      sentAt,
    );
    expect(parsed.from?.value).toEqual([{ name: 'The Big Bookshelf', address: 'mail@bookshelf.test' }]);
    expect(parsed.to).toMatchObject({ value: [{ address: 'reader@example.com' }] });
    expect(parsed.subject).toBe('Your book was booked');
    expect(parsed.date).toEqual(sentAt);
    expect(parsed.messageId).toBe('<0b7c9a52@bookshelf.test>');
    expect(parsed.text).toBe('Hello Ana,\n\nYour book was booked.');
    expect(parsed.html).toBe('<p>Hello Ana,</p><p>Your book was booked.</p>');
    // Mail programs read the one-click link as it is: it is never encoded.
    expect(parsed.headerLines.filter((line) => line.key.startsWith('list-')).map((line) => line.line)).toEqual([
      `List-Unsubscribe: ${oneClick}`,
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    ]);
  });

  it('keeps every script, and a subject or name of any length, whole', async () => {
    const subject = `Buchung bestätigt: «Der Name der Rose» — ${'تم حجز كتابك '.repeat(8)}📚`;
    const parsed = await read(
      mail({ from: 'Bücherregal, "Das Große" <post@bookshelf.test>', subject, text: 'مرحبا', html: '<p>Grüße</p>' }),
    );
    expect(parsed.subject).toBe(subject);
    expect(parsed.from?.value).toEqual([{ name: 'Bücherregal, "Das Große"', address: 'post@bookshelf.test' }]);
    expect(parsed.text).toBe('مرحبا');
    expect(parsed.html).toBe('<p>Grüße</p>');
  });

  it('writes lines a mail server accepts: CRLF ends, at most 78 characters, ASCII only', () => {
    const message = mimeMessage(
      mail({ subject: `${'A long subject that goes on '.repeat(6)}ünd ends`, html: 'é'.repeat(900) }),
    );
    const lines = message.split('\r\n');
    expect(message).not.toMatch(/[^\r]\n|\r(?!\n)/);
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(78);
    expect(Buffer.byteLength(message)).toBe(message.length);
  });

  it('cannot be given another header through a subject, a name or a header value', async () => {
    const parsed = await read(
      mail({
        from: 'Shelf\r\nBcc: thief@example.com <mail@bookshelf.test>',
        subject: 'Booked\r\nBcc: thief@example.com',
        headers: { 'X-Note': 'one\nBcc: thief@example.com' },
      }),
    );
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.headerLines.map((line) => line.key)).not.toContain('bcc');
    expect(parsed.subject).toBe('Booked\r\nBcc: thief@example.com');
  });

  it('refuses an address that is not one, so the message fails instead of going out malformed', () => {
    expect(() => mimeMessage(mail({ to: 'reader@example.com\r\nBcc: thief@example.com' }))).toThrow(
      /Not a mail address/,
    );
  });
});
