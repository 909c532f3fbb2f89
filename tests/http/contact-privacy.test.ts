import { afterAll, describe, expect, it } from 'vitest';
import { bookAs, openShop, payInFull } from '../support/orders.ts';
import type { TestUser } from '../support/test-app.ts';

// A seller's email and phone (PRODUCT §11): only the seller, admins and the buyer of a booking of the book get them;
// for everyone else the fields are absent from every book answer (not blanked), and the public answer kept in memory
// for everyone never holds them.

const shop = await openShop();
const { t, seller } = shop;
afterAll(() => t.close());
const admin = await t.newUser('Admin');
const phone = '+1 555 0199';

async function bodyOf(path: string, as?: TestUser) {
  t.sawWrites();
  const res = await t.call('GET', path, as ? { as } : {});
  expect(res.status, path).toBe(200);
  return { text: await res.text(), cacheControl: res.headers.get('cache-control') };
}

const leaks = (text: string) => text.includes(seller.email) || text.includes(phone);

describe("the seller's contact in book answers", () => {
  it('is absent from every public list, search, book and related answer', async () => {
    const book = await shop.newBook({ bookName: 'Privacy Primer', phone });
    await shop.newBook({ bookName: 'Privacy Sequel', phone });
    const someone = await t.newUser('Buyer');
    const paths = [
      '/api/allbooks?limit=50',
      '/api/books/addvertise?limit=50',
      '/api/search?q=Privacy',
      `/api/books/item/${book.id}`,
      `/api/books/item/${book.id}/related`,
      `/api/sellers/${seller.id}`,
    ];
    for (const path of paths) {
      for (const as of [undefined, someone]) {
        const { text } = await bodyOf(path, as);
        expect(leaks(text), `${path} as ${as ? 'a buyer' : 'nobody'}`).toBe(false);
      }
    }
    const one = JSON.parse((await bodyOf(`/api/books/item/${book.id}`)).text);
    expect(one).not.toHaveProperty('email');
    expect(one).not.toHaveProperty('phone');
    expect(one).toMatchObject({ sellerId: seller.id, SellerName: seller.name });
  });

  it('reaches the buyer of a booking, the seller and admins, each in an answer of their own', async () => {
    const book = await shop.newBook({ bookName: 'Contact Copy', phone });
    const buyer = await t.newUser('Buyer');
    const other = await t.newUser('Buyer');
    const path = `/api/books/item/${book.id}`;
    // Before anyone books: the public answer is kept, then the buyer books.
    expect(leaks((await bodyOf(path)).text)).toBe(false);
    const bookingId = await bookAs(t, buyer, book.id);
    for (const as of [buyer, seller, admin]) {
      const { text, cacheControl } = await bodyOf(path, as);
      expect(JSON.parse(text)).toMatchObject({ email: seller.email, phone });
      expect(cacheControl).toContain('private');
    }
    // The public answer, asked again by everyone else, still holds neither (the kept answer is never the private one).
    for (const as of [undefined, other]) {
      const { text, cacheControl } = await bodyOf(path, as);
      expect(leaks(text)).toBe(false);
      expect(cacheControl).not.toContain('private');
    }
    // Paid: still the buyer's; My Orders and My Products keep the contact they always had.
    await payInFull(t, buyer, bookingId);
    const products = await bodyOf(`/api/books?email=${encodeURIComponent(seller.email)}&limit=100`, seller);
    expect(products.text).toContain(seller.email);
  });

  it('leaves the buyer whose booking ended', async () => {
    const book = await shop.newBook({ bookName: 'Ended Copy', phone });
    const buyer = await t.newUser('Buyer');
    const bookingId = await bookAs(t, buyer, book.id);
    const path = `/api/books/item/${book.id}`;
    expect(JSON.parse((await bodyOf(path, buyer)).text)).toHaveProperty('email', seller.email);
    const deleted = await t.call('DELETE', `/api/wishList/${bookingId}`, { as: buyer });
    expect(deleted.status).toBe(200);
    const after = JSON.parse((await bodyOf(path, buyer)).text);
    expect(after).not.toHaveProperty('email');
    expect(after).not.toHaveProperty('phone');
  });

  it('never lists the fields as required in the API document', async () => {
    const doc = JSON.parse((await bodyOf('/api/openapi.json')).text);
    const schemas = JSON.stringify(doc);
    expect(schemas).toContain('only in answers to the buyer of a booking of this book');
    const book = Object.values(doc.components?.schemas ?? {}).find(
      (s) => (s as { properties?: Record<string, unknown> }).properties?.SellerName,
    ) as { required?: string[] } | undefined;
    if (book?.required) {
      expect(book.required).not.toContain('email');
      expect(book.required).not.toContain('phone');
    }
  });
});
