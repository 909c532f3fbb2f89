import { defineMail } from '#server/mail/define-mail.ts';
import { type MailMessage, money, words } from '#server/mail/mail-message.ts';
import { texts } from '#shared/i18n/texts.ts';

// The Wanted list (kind `wanted`), in the words of the catalogue's `mailTexts.wanted`.

/** A seller's words cut to `max` characters, for a line of a table that lists many (a digest). */
function clipped(text: string, max = 80): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

type WantedListed = {
  bookId: string;
  bookName: string;
  author: string | null;
  priceCents: number;
  currency: string;
  condition: string;
};

const wantedListed = defineMail('wanted-listed', 'wanted', (d: WantedListed) => {
  const t = texts.mailTexts.wanted.wantedListed;
  return words(t, { href: `/books/${d.bookId}`, label: t.button }, [
    [t.book, d.bookName],
    ...(d.author ? [[t.author, d.author] as [string, string]] : []),
    [t.price, money(d.priceCents, d.currency)],
    [t.condition, d.condition],
  ]);
});

/** To everyone whose Wanted list a new listing matches: the same message for each (`queueMailToEach`). */
export function wantedListedMail(p: WantedListed): Omit<MailMessage, 'userId' | 'to'> {
  return wantedListed.message(p);
}

/** How many books a digest names; the message says how many more are under the bell. */
const digestListed = 20;

type WantedDigest = {
  dailyLimit: number;
  books: { bookName: string; priceCents: number }[];
  currency: string;
};

/** The digest's data: the books it names (titles clipped), and how many matched in all (`n`). */
const wantedDigest = defineMail('wanted-digest', 'wanted', (d: WantedDigest & { n: number }) => {
  const t = texts.mailTexts.wanted.wantedDigest;
  const { n } = d;
  const rows = d.books.map((book): [string, string] => [book.bookName, money(book.priceCents, d.currency)]);
  const shown = rows.length;
  return words(
    { subject: t.subject({ n }), lines: t.lines({ limit: d.dailyLimit, n, shown, clipped: shown < n ? 'yes' : 'no' }) },
    { href: '/dashboard/notifications', label: t.button },
    rows,
  );
});

/**
 * To a person whose Wanted-list alerts passed WANTED_MAIL_DAILY_LIMIT: one message a day naming the books that
 * matched since (those still for sale), each with its price, each title clipped.
 */
export function wantedDigestMail(p: WantedDigest & { userId: string }): MailMessage {
  const books = p.books.slice(0, digestListed).map((book) => ({ ...book, bookName: clipped(book.bookName) }));
  const data = { dailyLimit: p.dailyLimit, n: p.books.length, books, currency: p.currency };
  return { ...wantedDigest.message(data), userId: p.userId };
}

export const mailTemplates = [wantedListed, wantedDigest];
