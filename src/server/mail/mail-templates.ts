import { formatMoney, fromCents } from '#shared/money.ts';
import { mailTexts } from './mail-texts.ts';

/** Kinds of mail a person can turn off with the link in its footer. */
export const optionalMailKinds = ['orders', 'moderation', 'account', 'wanted'] as const;
export type OptionalMailKind = (typeof optionalMailKinds)[number];
/** `security` is mail about signing in (confirming the address, a new password): it cannot be turned off. */
export type MailKind = OptionalMailKind | 'security';

export const isOptionalMailKind = (kind: string): kind is OptionalMailKind =>
  (optionalMailKinds as readonly string[]).includes(kind);

/**
 * One message, as `queueMail` takes it: who gets it, what kind it is, and what it says. The sender adds the
 * greeting, the store's name, the link as a button and, for the kinds a person can turn off, the link that
 * does so (mail-frame.ts).
 */
export interface MailMessage {
  /** What the message is, for people reading the outbox: `booking-made`, `confirm-email` … */
  template: string;
  kind: MailKind;
  /**
   * The account it is for: its address and name are read in the queueing transaction, and nothing is queued
   * when the account is closed or has turned this kind of mail off. Every kind but `security` needs one.
   */
  userId?: string;
  /** An address to write to instead of the account's (or without an account, for `security` mail). */
  to?: string;
  subject: string;
  /** The message's own words: plain text, and the same as an HTML fragment (from `compose`). */
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
  const rows = details
    .map(
      ([k, v]) =>
        `<tr><th align="left" style="padding:4px 16px 4px 0;font-weight:600;vertical-align:top">${escapeHtml(k)}</th>` +
        `<td style="padding:4px 0">${escapeHtml(v)}</td></tr>`,
    )
    .join('');
  const table = rows
    ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows}</table>`
    : '';
  return { text, html: paragraphs + table };
}

/** A message: its subject and paragraphs (from mail-texts.ts), an optional table of details, and its button. */
export function message(
  head: Pick<MailMessage, 'template' | 'kind' | 'userId'>,
  words: { subject: string; lines: readonly string[] },
  link: MailMessage['link'],
  details?: [string, string][],
): MailMessage {
  return { ...head, subject: words.subject, ...compose(words.lines, details), link };
}

/** The subject and paragraphs of a text in mail-texts.ts that names the book. */
export function aboutBook(
  texts: { subject: (book: string) => string; lines: (book: string) => readonly string[] },
  bookName: string,
): { subject: string; lines: readonly string[] } {
  return { subject: texts.subject(bookName), lines: texts.lines(bookName) };
}

const money = (cents: number, currency: string) => `${formatMoney(fromCents(cents), currency)} (${currency})`;

const myBooks = '/dashboard/myProducts';
const myOrders = '/dashboard/wishList';

// Account mail (Better Auth's flows; kind `security`)

export function confirmEmailMail(p: { userId: string; url: string }): MailMessage {
  const t = mailTexts.confirmEmail;
  return message({ template: 'confirm-email', kind: 'security', userId: p.userId }, t, {
    href: p.url,
    label: t.button,
  });
}

export function resetPasswordMail(p: { userId: string; url: string }): MailMessage {
  const t = mailTexts.resetPassword;
  return message({ template: 'reset-password', kind: 'security', userId: p.userId }, t, {
    href: p.url,
    label: t.button,
  });
}

export function signUpAttemptMail(p: { userId: string }): MailMessage {
  const t = mailTexts.signUpAttempt;
  return message({ template: 'sign-up-attempt', kind: 'security', userId: p.userId }, t, {
    href: '/login',
    label: t.button,
  });
}

// What admins do to an account (kind `account`)

export function madeAdminMail(p: { userId: string }): MailMessage {
  const t = mailTexts.madeAdmin;
  return message({ template: 'made-admin', kind: 'account', userId: p.userId }, t, {
    href: '/dashboard',
    label: t.button,
  });
}

export function sellerVerifiedMail(p: { userId: string }): MailMessage {
  const t = mailTexts.sellerVerified;
  return message({ template: 'seller-verified', kind: 'account', userId: p.userId }, t, {
    href: myBooks,
    label: t.button,
  });
}

// Orders (kind `orders`)

/** What an order costs, in minor units. */
interface Price {
  amountCents: number;
  currency: string;
}

const amountRow = (p: Price): [string, string] => [mailTexts.booking.amount, money(p.amountCents, p.currency)];

/**
 * A message to the buyer or the seller of an order: the text about its book, a button to their orders or
 * books, and the details, the book's name first.
 */
function orderMail(
  { template, userId }: { template: string; userId: string },
  texts: { subject: (book: string) => string; lines: (book: string) => readonly string[]; button: string },
  bookName: string,
  href: string,
  details: [string, string][],
): MailMessage {
  return message({ template, kind: 'orders', userId }, aboutBook(texts, bookName), { href, label: texts.button }, [
    [mailTexts.booking.book, bookName],
    ...details,
  ]);
}

/** To the seller: their book was booked, with whom to meet. */
export function bookingMadeMail(p: {
  sellerId: string;
  bookName: string;
  buyerName: string;
  phone: string;
  meetingPlace: string;
}): MailMessage {
  const l = mailTexts.booking;
  const head = { template: 'booking-made', userId: p.sellerId };
  return orderMail(head, mailTexts.bookingMade, p.bookName, myBooks, [
    [l.buyer, p.buyerName],
    [l.phone, p.phone],
    [l.meetingPlace, p.meetingPlace || l.noMeetingPlace],
  ]);
}

/** To the buyer: their booking, what it costs, and until when it holds the book. */
export function bookingConfirmedMail(
  p: Price & { buyerId: string; bookName: string; holdUntil: Date; meetingPlace: string },
): MailMessage {
  const l = mailTexts.booking;
  const head = { template: 'booking-confirmed', userId: p.buyerId };
  return orderMail(head, mailTexts.bookingConfirmed, p.bookName, myOrders, [
    amountRow(p),
    [l.payBy, `${p.holdUntil.toISOString().slice(0, 16).replace('T', ' ')} UTC`],
    [l.meetingPlace, p.meetingPlace || l.noMeetingPlace],
  ]);
}

/** To the seller: the buyer paid, the book is sold. */
export function paymentReceivedMail(p: Price & { sellerId: string; bookName: string }): MailMessage {
  const head = { template: 'payment-received', userId: p.sellerId };
  return orderMail(head, mailTexts.paymentReceived, p.bookName, myBooks, [amountRow(p)]);
}

/** To the buyer: the receipt of their payment. */
export function paymentReceiptMail(
  p: Price & { buyerId: string; bookName: string; transactionId: string },
): MailMessage {
  const head = { template: 'payment-receipt', userId: p.buyerId };
  return orderMail(head, mailTexts.paymentReceipt, p.bookName, myOrders, [
    amountRow(p),
    [mailTexts.booking.transaction, p.transactionId],
  ]);
}

export type BookingOutcome = 'Cancelled' | 'Expired' | 'Refunded';

/** To the buyer or the seller (one message each): a booking ended without a sale, or its late payment was refunded. */
export function bookingEndedMail(p: {
  to: 'buyer' | 'seller';
  userId: string;
  bookName: string;
  outcome: BookingOutcome;
  /** Why the seller, an admin or the store cancelled it. */
  reason?: string | null;
  /** The refunded amount (`Refunded`). */
  amountCents?: number;
  currency?: string;
}): MailMessage {
  const t = mailTexts.bookingEnded;
  const buyer = p.to === 'buyer';
  const texts = {
    subject: t.subject[p.outcome],
    lines: (buyer ? t.buyerLines : t.sellerLines)[p.outcome],
    button: buyer ? t.buyerButton : t.sellerButton,
  };
  const details: [string, string][] = [];
  if (p.reason) details.push([mailTexts.booking.reason, p.reason]);
  if (p.amountCents !== undefined && p.currency) {
    details.push(amountRow({ amountCents: p.amountCents, currency: p.currency }));
  }
  const head = { template: `booking-${p.outcome.toLowerCase()}-${p.to}`, userId: p.userId };
  return orderMail(head, texts, p.bookName, buyer ? myOrders : myBooks, details);
}

// Moderation (kind `moderation`)

/** To a reporter, when an admin dismissed the reports of a book or removed it. */
export function reportDecidedMail(p: {
  reporterId: string;
  bookName: string;
  decision: 'dismissed' | 'removed';
}): MailMessage {
  const t = mailTexts.reportDecided;
  return message(
    { template: `report-${p.decision}`, kind: 'moderation', userId: p.reporterId },
    aboutBook({ subject: t.subject, lines: t.lines[p.decision] }, p.bookName),
    { href: '/', label: t.button },
  );
}

/** To the seller, when an admin removed their reported book. */
export function bookRemovedMail(p: { sellerId: string; bookName: string }): MailMessage {
  const t = mailTexts.bookRemoved;
  return message({ template: 'book-removed', kind: 'moderation', userId: p.sellerId }, aboutBook(t, p.bookName), {
    href: myBooks,
    label: t.button,
  });
}

// The Wanted list (kind `wanted`)

/** A seller's words cut to `max` characters, for a line of a table that lists many (a digest). */
export function clipped(text: string, max = 80): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** To everyone whose Wanted list a new listing matches: the same words for each (`queueMailToEach`). */
export function wantedListedMail(p: {
  bookId: string;
  bookName: string;
  author: string | null;
  priceCents: number;
  currency: string;
  condition: string;
}): Omit<MailMessage, 'userId' | 'to'> {
  const t = mailTexts.wantedListed;
  const l = mailTexts.booking;
  return message({ template: 'wanted-listed', kind: 'wanted' }, t, { href: `/books/${p.bookId}`, label: t.button }, [
    [l.book, p.bookName],
    ...(p.author ? [[t.author, p.author] as [string, string]] : []),
    [t.price, money(p.priceCents, p.currency)],
    [t.condition, p.condition],
  ]);
}

/** How many books a digest names; the message says how many more are under the bell. */
const digestListed = 20;

/**
 * To a person whose Wanted-list alerts passed WANTED_MAIL_DAILY_LIMIT: one message a day naming the books that
 * matched since (those still for sale), each with its price, each title clipped.
 */
export function wantedDigestMail(p: {
  userId: string;
  dailyLimit: number;
  books: { bookName: string; priceCents: number }[];
  currency: string;
}): MailMessage {
  const t = mailTexts.wantedDigest;
  const n = p.books.length;
  const rows = p.books
    .slice(0, digestListed)
    .map((book): [string, string] => [clipped(book.bookName), money(book.priceCents, p.currency)]);
  return message(
    { template: 'wanted-digest', kind: 'wanted', userId: p.userId },
    { subject: t.subject(n), lines: t.lines(p.dailyLimit, n, rows.length) },
    { href: '/dashboard/notifications', label: t.button },
    rows,
  );
}
