import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookDrafts } from '#server/db/schema/shelf.ts';
import { csvRecords, readLines, sourceOf } from '#server/features/shelf/shelf-lines.ts';
import { en } from '#shared/i18n/english.ts';
import type { ShelfLine } from '#shared/schemas/shelf.ts';
import { createBook, createCategory } from '../support/factories.ts';
import { type FakeOpenLibrary, startFakeOpenLibrary } from '../support/fake-open-library.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';

// A seller's shelf import: ISBNs typed one a line, or a Goodreads, LibraryThing or StoryGraph CSV export, read in
// the background into per-line outcomes and drafts, which the ISBN lookup (Open Library's stand-in) fills in.

const exports = path.join(import.meta.dirname, '../support/shelf-exports');
const fixture = (name: string) => readFileSync(path.join(exports, name), 'utf8');

let openLibrary: FakeOpenLibrary;
let t: TestApp;
let category: string;
beforeAll(async () => {
  openLibrary = await startFakeOpenLibrary();
  t = await createTestApp(openLibrary.serverEnv);
  category = (await createCategory(t.db)).name;
});
afterAll(async () => {
  await t.close();
  await openLibrary.stop();
});

async function importText(seller: TestUser, text: string, defaults?: Record<string, string>) {
  const started = await jsonOf(await t.as(seller).shelf.imports.$post({ json: { text, defaults } }), 202);
  await t.runJobs();
  const done = await jsonOf(await t.as(seller).shelf.imports[':id'].$get({ param: { id: started._id } }), 200);
  const lines = await jsonOf(
    await t.as(seller).shelf.imports[':id'].lines.$get({ param: { id: started._id }, query: { limit: '100' } }),
    200,
  );
  return { started, done, lines: lines as ShelfLine[] };
}
const drafts = async (seller: TestUser, query: Record<string, string> = {}) =>
  jsonOf(await t.as(seller).shelf.drafts.$get({ query: { limit: '100', ...query } }), 200);

describe('reading what a seller sends', () => {
  it('reads ISBNs in any spelling, tells invalid ones, other lines, repeats and ISBNs on sale or drafted already', async () => {
    const seller = await t.newUser('Seller');
    const category = await createCategory(t.db);
    await createBook(t.db, { sellerId: seller.id, categoryId: category.id, isbn: '9780451524935' });
    await t.db.insert(bookDrafts).values({ sellerId: seller.id, isbn: '9780060850524', lookup: 'found' });
    const text = [
      '978-0-14-143951-8', // Pride and Prejudice, with hyphens
      '0140328726', // Fantastic Mr. Fox as an ISBN-10
      '', // blank: skipped
      'ISBN: 9780547928227', // The Hobbit, with a label
      '9780141439519', // wrong check digit
      'my shelf by the window', // not an ISBN
      '9780141439518', // Pride and Prejudice again
      '9780451524935', // on sale already
      '9780060850524', // a draft already
      '9780000000002', // valid, unknown to the catalogue
      '9780743273565, The Great Gatsby', // an ISBN and a title
    ].join('\r\n');
    const { started, done, lines } = await importText(seller, text);
    expect(started).toMatchObject({ source: 'typed', state: 'reading' });
    expect(done).toMatchObject({ state: 'done', lines: 10, lookups: { waiting: 0, done: 5 } });
    expect(done.outcomes).toEqual({
      added: 5,
      'no-isbn': 0,
      listed: 1,
      drafted: 1,
      repeated: 1,
      invalid: 1,
      'not-isbn': 1,
    });
    expect(lines.map((line) => [line.line, line.outcome, line.isbn])).toEqual([
      [1, 'added', '9780141439518'],
      [2, 'added', '9780140328721'],
      [4, 'added', '9780547928227'],
      [5, 'invalid', null],
      [6, 'not-isbn', null],
      [7, 'repeated', '9780141439518'],
      [8, 'listed', '9780451524935'],
      [9, 'drafted', '9780060850524'],
      [10, 'added', '9780000000002'],
      [11, 'added', '9780743273565'],
    ]);
    const problems = await jsonOf(
      await t.as(seller).shelf.imports[':id'].lines.$get({ param: { id: started._id }, query: { problems: 'true' } }),
      200,
    );
    expect(problems.map((line) => line.line)).toEqual([5, 6, 7, 8, 9]);

    // The drafts, in the shelf's order, filled in by the lookup; the unknown ISBN is a draft to fill by hand.
    const mine = await drafts(seller);
    expect(mine.map((d) => [d.isbn, d.lookup, d.bookName])).toEqual([
      ['9780060850524', 'found', null],
      ['9780141439518', 'found', 'Pride and Prejudice'],
      ['9780140328721', 'found', 'Fantastic Mr. Fox'],
      ['9780547928227', 'found', 'The Hobbit'],
      ['9780000000002', 'not-found', null],
      ['9780743273565', 'found', 'The Great Gatsby'],
    ]);
    const pride = mine[1]!;
    expect(pride).toMatchObject({
      author: 'Jane Austen',
      publisher: 'Penguin Classics',
      publicationYear: 2003,
      suggestedCover: `${openLibrary.coversUrl}/b/id/9000000-L.jpg`,
      description: 'Pride and Prejudice by Jane Austen.',
      suggestedPrice: null,
    });
    expect(pride.missing).toEqual([
      'condition',
      'resalePrice',
      'originalPrice',
      'image',
      'booksCategory',
      'phone',
      'location',
      'purchaseYear',
    ]);
  });

  it('reads a Goodreads export: quoted fields with commas, line breaks and quotes, ="…" ISBNs, rows without one', async () => {
    const seller = await t.newUser('Seller');
    const { done, lines } = await importText(seller, fixture('goodreads.csv'));
    expect(done).toMatchObject({ source: 'goodreads', state: 'done', lines: 4 });
    expect(lines.map((line) => [line.line, line.outcome, line.isbn])).toEqual([
      [2, 'added', '9780141439518'],
      [4, 'added', '9780547928227'],
      [5, 'no-isbn', null],
      [6, 'invalid', null],
    ]);
    const mine = await drafts(seller);
    expect(mine.map((d) => [d.bookName, d.author])).toEqual([
      ['Pride and Prejudice', 'Jane Austen'],
      ['The Hobbit, or There and Back Again', 'J.R.R. Tolkien'],
      ['A Kindle Book Without ISBN', 'Ann Writer'],
    ]);
    expect(mine[2]).toMatchObject({ lookup: 'none', description: 'A Kindle Book Without ISBN by Ann Writer.' });
  });

  it('reads LibraryThing ("[0141441143]", "ISBNs") and StoryGraph ("ISBN/UID") exports', async () => {
    const seller = await t.newUser('Seller');
    const lt = await importText(seller, fixture('librarything.csv'));
    expect(lt.done).toMatchObject({ source: 'librarything', lines: 2 });
    expect(lt.lines.map((line) => [line.outcome, line.isbn])).toEqual([
      ['added', '9780141441146'],
      ['added', '9780142437230'],
    ]);
    const sg = await importText(seller, fixture('storygraph.csv'));
    expect(sg.done).toMatchObject({ source: 'storygraph', lines: 2 });
    expect(sg.lines.map((line) => [line.outcome, line.isbn])).toEqual([
      ['added', '9780140449136'],
      ['no-isbn', null],
    ]);
    expect((await drafts(seller)).map((d) => d.bookName)).toEqual([
      'Jane Eyre',
      'Don Quixote',
      'Crime and Punishment',
      'Notes, Unpublished',
    ]);
  });

  it('parses CSV as RFC 4180 says, whatever the line endings', () => {
    const text = '\ufeffa,b,c\r\n"x, y","line\nbreak","say ""hi"""\r\n\r\nlast,,\n';
    expect([...csvRecords(text)]).toEqual([
      { lineNo: 1, fields: ['a', 'b', 'c'] },
      { lineNo: 2, fields: ['x, y', 'line\nbreak', 'say "hi"'] },
      { lineNo: 5, fields: ['last', '', ''] },
    ]);
    expect(sourceOf('Title,Author,isbn\nX,Y,9780141439518')).toBe('csv');
    expect([...readLines('Title,Author,isbn\nX,Y,9780141439518', 'csv', 10)]).toMatchObject([
      { isbn: '9780141439518', title: 'X', author: 'Y', outcome: null },
    ]);
  });

  it('starts drafts with the defaults the seller gave, and refuses empty, oversized and too-long imports clearly', async () => {
    const seller = await t.newUser('Seller');
    await importText(seller, '9780141441146', {
      booksCategory: category,
      phone: '+1 415 555 0100',
      location: 'Main St library',
      purchaseYear: '2020-01-02',
    });
    expect((await drafts(seller))[0]).toMatchObject({
      booksCategory: category,
      phone: '+1 415 555 0100',
      location: 'Main St library',
      purchaseYear: '2020-01-02',
    });
    const empty = await t.as(seller).shelf.imports.$post({ json: { text: '  \n ' } });
    expect(await errorOf(empty, 400)).toMatchObject({ error: en.shelf.textRequired, field: 'text' });
    const tooMany = await t.as(seller).shelf.imports.$post({ json: { text: '1\n'.repeat(10_002) } });
    expect(await errorOf(tooMany, 400)).toMatchObject({ error: en.shelf.tooManyLines({ max: 10_000 }) });
    const huge = await t.call('POST', '/api/shelf/imports', { as: seller, json: { text: 'x'.repeat(12_100_000) } });
    expect(await errorOf(huge, 413)).toMatchObject({ field: 'text' });
  });

  it('runs at most three imports of a seller at once', async () => {
    const seller = await t.newUser('Seller');
    for (let i = 0; i < 3; i++) {
      expect((await t.as(seller).shelf.imports.$post({ json: { text: '9780141441146' } })).status).toBe(202);
    }
    const fourth = await t.as(seller).shelf.imports.$post({ json: { text: '9780141441146' } });
    expect(await errorOf(fourth, 409)).toMatchObject({ code: 'CONFLICT' });
    await t.runJobs();
    expect((await t.as(seller).shelf.imports.$post({ json: { text: '9780141441146' } })).status).toBe(202);
    await t.runJobs();
    // Read one after the other: the first made the draft, the others found it.
    expect((await drafts(seller)).length).toBe(1);
  });

  it('suggests a price from the price guide when enough copies have the ISBN, and fills the price with it', async () => {
    const seller = await t.newUser('Seller');
    const other = await t.newUser('Seller');
    const cat = await createCategory(t.db);
    for (const cents of [500, 800, 1200]) {
      await createBook(t.db, {
        sellerId: other.id,
        categoryId: cat.id,
        isbn: '9780142437230',
        resalePriceCents: cents,
      });
    }
    await importText(seller, '9780142437230\n9780486282114');
    const [quixote, frankenstein] = await drafts(seller);
    expect(quixote).toMatchObject({ suggestedPrice: 8, resalePrice: 8 });
    expect(frankenstein).toMatchObject({ suggestedPrice: null, resalePrice: null });
  });

  it('keeps each seller to their own imports', async () => {
    const seller = await t.newUser('Seller');
    const other = await t.newUser('Seller');
    const { started } = await importText(seller, '9780141441146');
    const theirs = await t.as(other).shelf.imports[':id'].$get({ param: { id: started._id } });
    expect(await errorOf(theirs, 403)).toMatchObject({ error: 'This import belongs to someone else' });
    const missing = await t.as(other).shelf.imports[':id'].$get({ param: { id: crypto.randomUUID() } });
    expect(await errorOf(missing, 404)).toMatchObject({ error: en.shelf.noImport });
    expect(await t.db.select().from(bookDrafts).where(eq(bookDrafts.sellerId, other.id))).toEqual([]);
  });
});

describe('when the book catalogue does not answer', () => {
  it('finishes the import with drafts marked unavailable, for the seller to fill by hand', async () => {
    // No stand-in: this app asks a port nobody listens on.
    const offline = await createTestApp();
    try {
      const seller = await offline.newUser('Seller');
      const started = await jsonOf(
        await offline.as(seller).shelf.imports.$post({ json: { text: '9780141439518\n9780547928227' } }),
        202,
      );
      await offline.runJobs();
      const done = await jsonOf(
        await offline.as(seller).shelf.imports[':id'].$get({ param: { id: started._id } }),
        200,
      );
      expect(done).toMatchObject({ state: 'done', outcomes: { added: 2 }, lookups: { waiting: 0, done: 2 } });
      const mine = await jsonOf(await offline.as(seller).shelf.drafts.$get({ query: {} }), 200);
      expect(mine.map((d) => [d.lookup, d.bookName, d.suggestedCover])).toEqual([
        ['unavailable', null, null],
        ['unavailable', null, null],
      ]);
      expect(mine[0]!.missing).toContain('bookName');
    } finally {
      await offline.close();
    }
  });
});
