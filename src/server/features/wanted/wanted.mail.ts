import { type MailMessage, message, money } from '#server/mail/mail-message.ts';

// The Wanted list (kind `wanted`).

export const wantedMailTexts = {
  // The subjects name no book: a title is the seller's words, and a subject from the store's own address is the
  // line a person trusts most (ADR 025). The book is named in the message, in its table.
  wantedListed: {
    subject: 'A book on your Wanted list is for sale',
    lines: [
      'A book matching your Wanted list was just listed. Second-hand books go one copy at a time, so have a look soon.',
    ],
    book: 'Book',
    author: 'Author',
    price: 'Price',
    condition: 'Condition',
    button: 'See the book',
  },
  wantedDigest: {
    subject: (n: number) =>
      n === 1 ? 'Another book on your Wanted list is for sale' : `${n} more books on your Wanted list are for sale`,
    lines: (limit: number, n: number, shown: number) => [
      limit === 0
        ? 'Books matching your Wanted list were listed since our last email about them.'
        : `We email you at most ${limit} Wanted-list ${limit === 1 ? 'alert' : 'alerts'} a day. Since then, more books matching your Wanted list were listed.`,
      n === 1
        ? 'This one is still for sale; it is also under the bell in the store.'
        : shown < n
          ? `These are ${shown} of the ${n} still for sale; all of them are under the bell in the store.`
          : 'These are still for sale; each is also under the bell in the store.',
    ],
    button: 'See your notifications',
  },
} as const;

/** A seller's words cut to `max` characters, for a line of a table that lists many (a digest). */
function clipped(text: string, max = 80): string {
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
  const t = wantedMailTexts.wantedListed;
  return message({ template: 'wanted-listed', kind: 'wanted' }, t, { href: `/books/${p.bookId}`, label: t.button }, [
    [t.book, p.bookName],
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
  const t = wantedMailTexts.wantedDigest;
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
