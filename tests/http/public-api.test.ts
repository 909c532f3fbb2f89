import { afterAll, describe, expect, it } from 'vitest';
import { createBook, createCategory } from '../support/factories.ts';
import { createTestApp, errorOf, testOrigin } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';

const t = await createTestApp();
afterAll(() => t.close());

describe('public catalogue API', () => {
  it('answers health', async () => {
    const res = await t.api.health.$get();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('lists categories by name with the specification field names', async () => {
    await createCategory(t.db, { name: 'Poetry' });
    await createCategory(t.db, { name: 'History' });
    const res = await t.api.booksCategory.$get();
    const body = await jsonOf(res, 200);
    expect(body.map((c) => c.name)).toEqual(['History', 'Poetry']);
    expect(Object.keys(body[0]!).sort()).toEqual(['_id', 'name']);
  });

  it('lists only advertised, available books not hidden by reports, newest first, with the total in a header', async () => {
    const seller = await t.newUser('Seller');
    const category = await createCategory(t.db);
    const old = await createBook(t.db, {
      sellerId: seller.id,
      categoryId: category.id,
      advertised: true,
      postDate: new Date('2026-01-01'),
    });
    const recent = await createBook(t.db, { sellerId: seller.id, categoryId: category.id, advertised: true });
    await createBook(t.db, { sellerId: seller.id, categoryId: category.id, advertised: false });
    await createBook(t.db, { sellerId: seller.id, categoryId: category.id, advertised: true, status: 'Sold' });
    await createBook(t.db, {
      sellerId: seller.id,
      categoryId: category.id,
      advertised: true,
      reported: true,
      hidden: true,
    });

    const res = await t.api.books.addvertise.$get({ query: {} });
    const body = await jsonOf(res, 200);
    expect(body.map((b) => b._id)).toEqual([recent.id, old.id]);
    expect(res.headers.get('x-total-count')).toBe('2');
    expect(body[0]!.advertise).toBe('Advertised');
  });

  it('pages /allbooks and shows prices in major units', async () => {
    const seller = await t.newUser('Seller');
    const category = await createCategory(t.db);
    for (let i = 0; i < 5; i++) {
      await createBook(t.db, { sellerId: seller.id, categoryId: category.id, resalePriceCents: 1250 });
    }
    const first = await t.api.books[':categoryName'].$get({
      param: { categoryName: encodeURIComponent(category.name) },
      query: { limit: '2', page: '1' },
    });
    const third = await t.api.books[':categoryName'].$get({
      param: { categoryName: encodeURIComponent(category.name) },
      query: { limit: '2', page: '3' },
    });
    expect(first.headers.get('x-total-count')).toBe('5');
    expect((await jsonOf(first, 200)).length).toBe(2);
    const last = await jsonOf(third, 200);
    expect(last.length).toBe(1);
    expect(last[0]!.resalePrice).toBe(12.5);
    const all = await t.api.allbooks.$get({ query: { limit: '100' } });
    expect(all.status).toBe(200);
  });

  it('refuses a bad page size with 400 naming the field', async () => {
    const res = await t.api.allbooks.$get({ query: { limit: '1000' } });
    expect(await errorOf(res, 400)).toMatchObject({ code: 'BAD_REQUEST', field: 'limit' });
  });

  it('answers unknown API paths and malformed JSON with JSON errors, never a stack', async () => {
    const missing = await t.call('GET', '/api/no-such-thing');
    expect(await errorOf(missing, 404)).toEqual({
      error: 'No API route GET /api/no-such-thing',
      code: 'NO_SUCH_ROUTE',
    });
    const buyer = await t.newUser('Buyer');
    const malformed = await t.app.request('/api/booking', {
      method: 'POST',
      headers: { ...buyer.headers, origin: testOrigin, 'content-type': 'application/json' },
      body: '{"bookId": ',
    });
    expect(await errorOf(malformed, 400)).toEqual({ error: 'Malformed JSON in request body', code: 'BAD_REQUEST' });
  });

  it('serves an OpenAPI document describing every route', async () => {
    const res = await t.call('GET', '/api/openapi.json');
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/booksCategory', '/api/books/addvertise', '/api/allbooks', '/api/health']),
    );
  });

  it('shows the API document in Swagger UI at /api/docs, and sends /api/docs/ and its index.html there', async () => {
    const page = await t.call('GET', '/api/docs');
    expect(await page.text()).toContain('/api/docs/start.js');
    for (const path of ['/api/docs/', '/api/docs/index.html']) {
      const res = await t.call('GET', path);
      expect([res.status, res.headers.get('location')]).toEqual([301, '/api/docs']);
    }
  });

  it('names each URL once in the OpenAPI document, its parameter described per method', async () => {
    type Parameter = { in: string; name: string; description: string };
    const doc = (await (await t.call('GET', '/api/openapi.json')).json()) as {
      servers: { url: string }[];
      paths: Record<string, Record<string, { operationId: string; parameters?: Parameter[] }>>;
    };
    expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    const shapes = Object.keys(doc.paths).map((path) => path.replace(/\{\w+\}/g, '{}'));
    expect(shapes.filter((shape, i) => shapes.indexOf(shape) !== i)).toEqual([]);
    const ids = Object.values(doc.paths).flatMap((operations) => Object.values(operations).map((o) => o.operationId));
    expect(ids.every((id) => /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const books = doc.paths['/api/books/{categoryNameOrId}']!;
    const described = (method: string) => books[method]!.parameters!.find((p) => p.in === 'path')!.description;
    expect(described('get')).toBe("The category's name (`categoryName` in a refusal's `field`)");
    expect(described('put')).toBe("The book's id (`id` in a refusal's `field`)");
    expect(Object.keys(doc.paths['/api/wishList/{emailOrId}']!)).toEqual(['get', 'delete']);
    expect(Object.keys(doc.paths['/api/users/seller/{emailOrId}']!)).toEqual(['get', 'put']);
  });
});
