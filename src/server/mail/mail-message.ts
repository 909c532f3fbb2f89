import { locales } from '#shared/i18n/locales.ts';
import { currentLocale, intlLocale } from '#shared/i18n/texts.ts';
import { formatMoney, fromCents } from '#shared/money.ts';

/** Kinds of mail a person can turn off with the link in its footer. */
export const optionalMailKinds = ['orders', 'moderation', 'account', 'wanted'] as const;
export type OptionalMailKind = (typeof optionalMailKinds)[number];
/** `security` is mail about signing in (confirming the address, a new password): it cannot be turned off. */
export type MailKind = OptionalMailKind | 'security';

export const isOptionalMailKind = (kind: string): kind is OptionalMailKind =>
  (optionalMailKinds as readonly string[]).includes(kind);

/** What a message's data may hold: what JSON keeps (moments as ISO strings, amounts in minor units). */
export type MailData = { readonly [key: string]: MailValue };
type MailValue = string | number | boolean | null | readonly MailValue[] | MailData;

/**
 * One message, as `queueMail` takes it: who gets it, what kind it is, and what it says as its template's name and
 * data. The words are rendered when it is sent (mail-templates.ts), in the recipient's language of that moment;
 * the sender adds the greeting, the store's name, the link as a button and, for the kinds a person can turn off,
 * the link that does so (mail-frame.ts).
 */
export interface MailMessage {
  /** Its template (mail-templates.ts): `booking-made`, `confirm-email` … */
  template: string;
  kind: MailKind;
  /**
   * The account it is for: its address and name are read in the queueing transaction, and nothing is queued
   * when the account is closed or has turned this kind of mail off. Every kind but `security` needs one.
   */
  userId?: string;
  /** An address to write to instead of the account's (or without an account, for `security` mail). */
  to?: string;
  /** What the template needs to write it: book names, amounts, moments, links. */
  data: MailData;
}

/** A message's own words in one language: subject, plain text and the same as an HTML fragment, and its button. */
export interface MailWords {
  subject: string;
  text: string;
  html: string;
  /** The page it is about: a path of the web app (`/dashboard/wishList`) or a full URL; the button's words. */
  link: { href: string; label: string };
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => escapes[c]!);
}

/** Paragraphs and a table of details, as plain text and as an HTML fragment saying the same. */
function compose(lines: readonly string[], details: [string, string][] = []): { text: string; html: string } {
  const text = [...lines, ...(details.length ? [details.map(([k, v]) => `${k}: ${v}`).join('\n')] : [])].join('\n\n');
  const paragraphs = lines.map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`).join('');
  // Each label at the start of its row with the gap after it: right and left in a language written right to left.
  const rtl = locales[currentLocale()].dir === 'rtl';
  const [start, gap] = rtl ? ['right', '4px 0 4px 16px'] : ['left', '4px 16px 4px 0'];
  const rows = details
    .map(
      ([k, v]) =>
        `<tr><th align="${start}" style="padding:${gap};font-weight:600;vertical-align:top">${escapeHtml(k)}</th>` +
        `<td style="padding:4px 0">${escapeHtml(v)}</td></tr>`,
    )
    .join('');
  const table = rows
    ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows}</table>`
    : '';
  return { text, html: paragraphs + table };
}

/** A message's words: its subject and paragraphs (its feature's mail texts), an optional table of details, its button. */
export function words(
  said: { subject: string; lines: readonly string[] },
  link: MailWords['link'],
  details?: [string, string][],
): MailWords {
  return { subject: said.subject, ...compose(said.lines, details), link };
}

/** The subject and paragraphs of a mail text that names the book (`{book}`). */
export function aboutBook(
  said: { subject: (values: { book: string }) => string; lines: (values: { book: string }) => readonly string[] },
  book: string,
): { subject: string; lines: readonly string[] } {
  return { subject: said.subject({ book }), lines: said.lines({ book }) };
}

/** An amount as messages write it: formatted, then its currency code in brackets. */
export const money = (cents: number, currency: string) => `${formatMoney(fromCents(cents), currency)} (${currency})`;

/** How a moment is written in a queued message until it is sent: the sender writes it in the recipient's time zone. */
const timeToken = /\[\[time:([0-9T:.-]+Z)\]\]/g;

/** A moment in a message: written when the mail is sent, in the recipient's time zone with its abbreviation. */
export const mailTime = (moment: Date) => `[[time:${moment.toISOString()}]]`;

/**
 * `at` as a person in `timeZone` (an IANA name; UTC when unknown or not one) reads it in the language of the
 * moment: Nov 27, 2026, 10:15 AM EST.
 */
export function localTime(at: Date, timeZone: string | null | undefined): string {
  try {
    return timeFormat(intlLocale(), timeZone ?? 'UTC').format(at);
  } catch {
    return timeFormat(intlLocale(), 'UTC').format(at);
  }
}

// Making a formatter is most of a moment's cost (a booking's two messages write four): one per language and zone.
const timeFormats = new Map<string, Intl.DateTimeFormat>();
function timeFormat(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`;
  let format = timeFormats.get(key);
  if (!format) {
    // An unknown zone throws here, before it is kept.
    format = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone,
    });
    timeFormats.set(key, format);
  }
  return format;
}

/** The message's moments (`mailTime`) written for a recipient in `timeZone`, in the language of the moment. */
export function withLocalTimes<M extends { subject: string; text: string; html: string }>(
  mail: M,
  timeZone: string | null | undefined,
): M {
  const write = (text: string) => text.replace(timeToken, (_, iso: string) => localTime(new Date(iso), timeZone));
  return { ...mail, subject: write(mail.subject), text: write(mail.text), html: write(mail.html) };
}
