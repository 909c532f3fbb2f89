import { looksLikeIsbn, toIsbn13 } from '#shared/isbn.ts';
import type { ShelfSource } from '#shared/schemas/shelf.ts';

/** One line of an import as read: its number, what it said, and the ISBN (or title) it names, or why not. */
export interface ReadLine {
  lineNo: number;
  text: string;
  isbn: string | null;
  /** Null while it may become a draft; else why it cannot. */
  outcome: 'invalid' | 'not-isbn' | null;
  title: string | null;
  author: string | null;
}

const clip = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The records of a CSV text (RFC 4180: fields in double quotes may hold commas, line breaks and doubled quotes; CRLF
 * or LF; a byte order mark is skipped), each with the number of the line it starts on. A generator, so a large
 * file is walked once without an array of every field of it.
 */
export function* csvRecords(text: string): Generator<{ lineNo: number; fields: string[] }> {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const n = text.length;
  while (i < n) {
    const startLine = line;
    const fields: string[] = [];
    let field = '';
    let ended = false;
    while (!ended) {
      if (i < n && text[i] === '"') {
        // A quoted field: up to the closing quote, "" is one quote.
        i++;
        for (;;) {
          const quote = text.indexOf('"', i);
          if (quote === -1) {
            field += text.slice(i);
            i = n;
            break;
          }
          const part = text.slice(i, quote);
          for (let k = part.indexOf('\n'); k !== -1; k = part.indexOf('\n', k + 1)) line++;
          field += part;
          if (text[quote + 1] === '"') {
            field += '"';
            i = quote + 2;
            continue;
          }
          i = quote + 1;
          break;
        }
      }
      // Up to the next comma or line break (after a quoted field, anything before it is kept as written).
      let j = i;
      while (j < n && text[j] !== ',' && text[j] !== '\n' && text[j] !== '\r') j++;
      field += text.slice(i, j);
      fields.push(field);
      field = '';
      if (j >= n) {
        i = n;
        ended = true;
      } else if (text[j] === ',') {
        i = j + 1;
      } else {
        i = text[j] === '\r' && text[j + 1] === '\n' ? j + 2 : j + 1;
        line++;
        ended = true;
      }
    }
    if (fields.length === 1 && fields[0] === '') continue;
    yield { lineNo: startLine, fields };
  }
}

/** Which catalogue's export a CSV header is, by its columns; null when it is not a CSV header we read. */
export function sourceOfHeader(header: string[]): Exclude<ShelfSource, 'typed'> | null {
  const has = (name: string) => header.includes(name);
  if (has('Book Id') && has('ISBN13') && has('Author')) return 'goodreads';
  if (has('Primary Author') && (has('ISBN') || has('ISBNs'))) return 'librarything';
  if (has('ISBN/UID') && has('Authors')) return 'storygraph';
  if (header.some((name) => /^isbn/i.test(name.trim())) && header.length > 1) return 'csv';
  return null;
}

/** The import's kind, from its first line. */
export function sourceOf(text: string): ShelfSource {
  const first = csvRecords(text.slice(0, 20_000)).next();
  if (first.done) return 'typed';
  return sourceOfHeader(first.value.fields.map((name) => name.trim())) ?? 'typed';
}

/** Goodreads writes `="9780141439518"` so spreadsheets keep the leading zeros. */
const unwrap = (value: string) => value.trim().replace(/^="?/, '').replace(/"$/, '').trim();

/**
 * The ISBN a catalogue's cell names: the first valid ISBN-13, else ISBN-10, among its numbers (LibraryThing writes
 * "[0141439513, 9780141439518]"); `invalid` when it holds ISBN-like numbers that all fail their check digit;
 * null when it holds none (StoryGraph's UID for a book without one, an empty cell).
 */
function isbnOfCells(cells: string[]): string | 'invalid' | null {
  const candidates = cells.flatMap((cell) => unwrap(cell).match(/[0-9][0-9-]{8,16}[0-9Xx]/g) ?? []);
  let sawIsbnLike = false;
  for (const candidate of candidates) {
    const isbn = toIsbn13(candidate);
    if (isbn) return isbn;
    if (looksLikeIsbn(candidate)) sawIsbnLike = true;
  }
  return sawIsbnLike ? 'invalid' : null;
}

const columns: Record<Exclude<ShelfSource, 'typed'>, { isbn: string[]; title: string[]; author: string[] }> = {
  goodreads: { isbn: ['ISBN13', 'ISBN'], title: ['Title'], author: ['Author'] },
  librarything: { isbn: ['ISBN', 'ISBNs'], title: ['Title'], author: ['Primary Author'] },
  storygraph: { isbn: ['ISBN/UID'], title: ['Title'], author: ['Authors'] },
  csv: { isbn: [], title: [], author: [] },
};

/** A typed line: an ISBN (a leading "ISBN" or "ISBN-13:" is allowed), an invalid one, or something else. */
export function readTypedLine(lineNo: number, raw: string): ReadLine {
  const text = raw.trim();
  const bare = text.replace(/^isbn(?:[-\s]?1[03])?\s*:?\s*/i, '');
  // "9780141439518, Pride and Prejudice": the ISBN before a comma, semicolon or tab.
  const first = bare.split(/[,;\t]/)[0]!.trim();
  const isbn = toIsbn13(bare) ?? toIsbn13(first);
  const outcome = isbn ? null : looksLikeIsbn(first) ? 'invalid' : 'not-isbn';
  return { lineNo, text: clip(text), isbn, outcome, title: null, author: null };
}

/**
 * Every line of an import, read: ISBNs one a line (blank lines skipped), or a catalogue's CSV export, whose rows
 * name an ISBN, or a title and author (a draft made from them), or nothing usable (`not-isbn`). At most `maxLines`.
 */
export function* readLines(text: string, source: ShelfSource, maxLines: number): Generator<ReadLine> {
  let count = 0;
  if (source === 'typed') {
    let lineNo = 0;
    for (const raw of text.split(/\r?\n|\r/)) {
      lineNo++;
      if (raw.trim() === '') continue;
      if (++count > maxLines) return;
      yield readTypedLine(lineNo, raw);
    }
    return;
  }
  const records = csvRecords(text);
  const header = records.next();
  if (header.done) return;
  const names = header.value.fields.map((name) => name.trim());
  const index = (candidates: string[]) => candidates.map((name) => names.indexOf(name)).filter((i) => i !== -1);
  const known = columns[source];
  const isbnAt = source === 'csv' ? names.flatMap((name, i) => (/^isbn/i.test(name) ? [i] : [])) : index(known.isbn);
  const titleAt = source === 'csv' ? names.findIndex((name) => /^title$/i.test(name)) : (index(known.title)[0] ?? -1);
  const authorAt =
    source === 'csv' ? names.findIndex((name) => /^(author|authors)$/i.test(name)) : (index(known.author)[0] ?? -1);
  for (const { lineNo, fields } of records) {
    if (++count > maxLines) return;
    const cells = isbnAt.map((i) => fields[i] ?? '');
    const title = titleAt === -1 ? '' : (fields[titleAt] ?? '').trim();
    const author = authorAt === -1 ? '' : (fields[authorAt] ?? '').trim();
    const isbn = isbnOfCells(cells);
    const shown = clip([cells.map(unwrap).filter(Boolean).join(' '), title, author].filter(Boolean).join(' · '));
    const line = { lineNo, text: shown || clip(fields.join(',')), title: title ? clip(title) : null };
    const named = { ...line, author: author ? clip(author) : null };
    if (isbn === 'invalid') yield { ...named, isbn: null, outcome: 'invalid' };
    else if (isbn) yield { ...named, isbn, outcome: null };
    else yield { ...named, isbn: null, outcome: title ? null : 'not-isbn' };
  }
}

/** How many lines `text` has at most (a CSV's quoted line breaks counted too): a cheap bound before reading it. */
export function lineCountBound(text: string): number {
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}
