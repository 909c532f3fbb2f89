import type { OutgoingMail } from './mail-frame.ts';

/**
 * A framed message as the bytes that go over SMTP (RFC 5322 with MIME, RFCs 2045–2047), for the SMTP server and
 * the development mailbox alike: its headers, then its plain text and its HTML as the two parts of a
 * multipart/alternative, each UTF-8 in base64, with CRLF line ends. Any header value that is not short printable
 * ASCII goes as RFC 2047 encoded words, so a book's name in a subject (any script, any length, a line break)
 * can neither break the header nor start another. Written by hand because composing with nodemailer's streams took
 * a booking's two messages more CPU than the rest of the booking (ADR 038).
 */
export function mimeMessage(mail: OutgoingMail, date = new Date()): string {
  const boundary = `=_part_${mail.id}`;
  const headers = [
    header('From', addressHeader(mail.from)),
    header('To', addressHeader(mail.to)),
    header('Subject', encodedUnlessPlain(mail.subject)),
    header('Date', date.toUTCString().replace('GMT', '+0000')),
    header('Message-ID', mail.messageId),
    ...Object.entries(mail.headers).map(([name, value]) =>
      header(name, printable.test(value) ? value : encodedWords(value)),
    ),
    header('MIME-Version', '1.0'),
    header('Content-Type', `multipart/alternative;\r\n boundary="${boundary}"`),
  ];
  return [
    ...headers,
    '',
    `--${boundary}`,
    ...part('text/plain', mail.text),
    `--${boundary}`,
    ...part('text/html', mail.html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

const header = (name: string, value: string) => `${name}: ${value}`;

function part(type: string, content: string): string[] {
  return [`Content-Type: ${type}; charset=utf-8`, 'Content-Transfer-Encoding: base64', '', ...base64Lines(content)];
}

/** Base64 in lines of 76 characters (RFC 2045). */
function base64Lines(content: string): string[] {
  const encoded = Buffer.from(content, 'utf8').toString('base64');
  const lines: string[] = [];
  for (let at = 0; at < encoded.length; at += 76) lines.push(encoded.slice(at, at + 76));
  return lines;
}

/** Printable ASCII: a header of the store's own (a link to unsubscribe) is written as it is. */
const printable = /^[\x20-\x7e]*$/;
/** Printable ASCII short enough for one header line: a subject written as it is. */
const plain = /^[\x20-\x7e]{0,62}$/;
/** A display name that needs no quoting (RFC 5322 atoms and spaces). */
const plainName = /^[\w!#$%&'*+/=?^`{|}~ -]{0,62}$/;
/** `Name <address>`, or an address alone. */
const nameAndAddress = /^\s*([\s\S]*?)\s*<([^<>\s]+)>\s*$/;

function encodedUnlessPlain(value: string): string {
  return plain.test(value) ? value : encodedWords(value);
}

/** An address header's value: the address as it is, a display name encoded unless it is plain. */
function addressHeader(value: string): string {
  const [, name = '', address = value.trim()] = nameAndAddress.exec(value) ?? [];
  // Addresses are checked where they are typed; one that is not printable ASCII fails its message, not its header.
  if (!/^[\x21-\x7e]+$/.test(address)) throw new Error(`Not a mail address: ${JSON.stringify(address)}`);
  if (!name) return address;
  return plainName.test(name) ? `${name} <${address}>` : `${encodedWords(name)}\r\n <${address}>`;
}

/**
 * `=?UTF-8?B?…?=` words (RFC 2047) of 39 bytes at most, 64 characters, one per folded line: with the header's name
 * before the first, every line stays under 78 characters. A character's bytes are never split between two words.
 */
function encodedWords(value: string): string {
  const words: string[] = [];
  let chunk = '';
  let bytes = 0;
  for (const character of value) {
    const size = Buffer.byteLength(character);
    if (bytes + size > 39) {
      words.push(encodedWord(chunk));
      chunk = '';
      bytes = 0;
    }
    chunk += character;
    bytes += size;
  }
  words.push(encodedWord(chunk));
  return words.join('\r\n ');
}

const encodedWord = (text: string) => `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
