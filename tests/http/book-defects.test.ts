import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book, BookDetail } from '#shared/schemas/book.ts';
import { createBook, createCategory } from '../support/factories.ts';
import { stubWebRoot } from '../support/server-process.ts';
import { createTestApp, errorOf, type TestApp, type TestUser } from '../support/test-app.ts';
import { uploadedImageUrl } from '../support/uploads.ts';

const webRoot = mkdtempSync(path.join(tmpdir(), 'bookshelf-defects-'));
let t: TestApp;
let seller: TestUser;
let category: { id: string; name: string };
beforeAll(async () => {
  stubWebRoot(webRoot);
  t = await createTestApp({ WEB_ROOT: webRoot });
  seller = await t.newUser('Seller');
  category = await createCategory(t.db, { name: 'Defects' });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const listing = async (more: Record<string, unknown>) => ({
  bookName: 'The Hobbit',
  originalPrice: 20,
  resalePrice: 8,
  condition: 'Fair',
  booksCategory: category.name,
  phone: '+1 415 555 0100',
  location: 'Oakland',
  description: 'A well-read copy.',
  purchaseYear: '2021-03-04',
  image: await uploadedImageUrl(t, seller),
  ...more,
});

describe('defects on the record', () => {
  let id: string;

  it('are stored once each, in the checklist order, with the publisher and year, and shown in the book', async () => {
    const res = await t.call('POST', '/api/books', {
      as: seller,
      json: await listing({
        defects: ['signed_by_author', 'water_damage', 'signed_by_author'],
        publisher: 'Allen & Unwin',
        publicationYear: '1937',
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { book } = (await res.json()) as { book: Book };
    id = book._id;
    expect(book).toMatchObject({
      defects: ['water_damage', 'signed_by_author'],
      publisher: 'Allen & Unwin',
      publicationYear: 1937,
    });
    const page = (await (await t.call('GET', `/api/books/item/${id}`)).json()) as BookDetail;
    expect(page.defects).toEqual(['water_damage', 'signed_by_author']);
  });

  it('refuse an unknown defect or a year that is not one, naming the field', async () => {
    const unknown = await t.call('POST', '/api/books', {
      as: seller,
      json: await listing({ defects: ['coffee_stain'] }),
    });
    expect((await errorOf(unknown, 400)).field).toBe('defects.0');
    const notList = await t.call('POST', '/api/books', {
      as: seller,
      json: await listing({ defects: 'water_damage' }),
    });
    expect((await errorOf(notList, 400)).field).toBe('defects');
    const year = await t.call('POST', '/api/books', { as: seller, json: await listing({ publicationYear: '19x7' }) });
    expect((await errorOf(year, 400)).field).toBe('publicationYear');
  });

  it('are named in the JSON-LD of the book page, whose Offer stays UsedCondition', async () => {
    const html = await (await t.app.request(`/books/${id}`, { headers: { accept: 'text/html' } })).text();
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    const ld = JSON.parse(json!) as {
      publisher: { name: string };
      datePublished: string;
      offers: { itemCondition: string; description: string };
    };
    expect(ld.offers.itemCondition).toBe('https://schema.org/UsedCondition');
    expect(ld.offers.description).toBe('Fair condition. Defects: Water damage, Signed by the author.');
    expect(ld).toMatchObject({ publisher: { name: 'Allen & Unwin' }, datePublished: '1937' });
  });
});

describe('searching by defects', () => {
  beforeAll(async () => {
    const other = await createCategory(t.db, { name: 'Search by defects' });
    const book = (bookName: string, defects: Book['defects']) =>
      createBook(t.db, { sellerId: seller.id, categoryId: other.id, bookName, defects });
    await book('Clean copy', []);
    await book('Soaked copy', ['water_damage']);
    await book('Signed copy', ['signed_by_author']);
    await book('Signed soaked copy', ['water_damage', 'signed_by_author']);
    await book('Library copy', ['ex_library', 'notes_or_highlighting']);
  });
  const names = async (filters: string) => {
    const res = await t.call('GET', `/api/search?category=Search%20by%20defects&sort=newest&${filters}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as Book[]).map((b) => b.bookName).sort();
  };

  it('leaves out the books with any defect of `without`, and keeps only signed ones with `signed`', async () => {
    expect(await names('without=water_damage')).toEqual(['Clean copy', 'Library copy', 'Signed copy']);
    expect(await names('without=water_damage,ex_library')).toEqual(['Clean copy', 'Signed copy']);
    expect(await names('signed=true')).toEqual(['Signed copy', 'Signed soaked copy']);
    expect(await names('signed=true&without=water_damage')).toEqual(['Signed copy']);
    expect(await names('q=copy&without=')).toHaveLength(5);
  });

  it('refuses what is not a defect, naming the filter', async () => {
    for (const [query, field] of [
      ['without=coffee_stain', 'without'],
      ['without=water_damage,,', 'without'],
      ['signed=yes', 'signed'],
    ]) {
      const res = await t.call('GET', `/api/search?${query}`);
      expect((await errorOf(res, 400)).field, query).toBe(field);
    }
  });
});
