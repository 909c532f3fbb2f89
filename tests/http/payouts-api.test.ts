import { afterAll, describe, expect, it } from 'vitest';
import { createBook, createCategory } from '../support/factories.ts';
import { ledgerViolations } from '../support/invariants.ts';
import { bookAs, openShop, payInFull } from '../support/orders.ts';
import { enterCode, workingTestBank } from '../support/payouts.ts';
import { errorOf } from '../support/test-app.ts';

// The payouts API in test mode (ADR 026): a seller sets up payouts with the published test bank numbers, sells,
// enters the code, and reads Earnings and its CSV; bad input gets a 4xx with a clear message; admins see, retry and
// hold.

const shop = await openShop({ PLATFORM_FEE: '10%,1.00,5.00' });
const { t, seller } = shop;
afterAll(() => t.close());
const admin = await t.newUser('Admin');

const setUp = (json: unknown, as = seller) => t.call('PUT', '/api/payouts/account/test', { as, json });

describe('a seller getting paid in test mode', () => {
  it('reads the fee, sets up payouts, sells, and sees the share transferred in Earnings and its CSV', async () => {
    expect(await (await t.call('GET', '/api/payouts/fee')).json()).toEqual({
      percent: 10,
      minimum: 1,
      maximum: 5,
      currency: 'USD',
    });
    const before = await (await t.call('GET', '/api/payouts/account', { as: seller })).json();
    expect(before).toMatchObject({ provider: 'test', testMode: true, state: 'none', held: false });
    const res = await setUp(workingTestBank);
    expect(await res.json()).toMatchObject({ state: 'active', bankLast4: '6789' });

    const { buyer, bookingId } = await shop.newBooking(2500);
    await payInFull(t, buyer, bookingId);
    let earnings = await (await t.call('GET', '/api/payouts/earnings', { as: seller })).json();
    expect(earnings.totals).toMatchObject({ pending: 22.5, released: 0, fees: 2.5 });
    expect(earnings.orders[0]).toMatchObject({ bookingId, price: 25, fee: 2.5, share: 22.5, state: 'pending' });

    expect((await enterCode(t, seller, bookingId)).status).toBe(200);
    await t.runJobs();
    earnings = await (await t.call('GET', '/api/payouts/earnings', { as: seller })).json();
    expect(earnings.totals).toMatchObject({ pending: 0, released: 22.5, transferred: 22.5, paidOutToBank: 0, debt: 0 });
    expect(earnings.orders[0]).toMatchObject({ state: 'paid' });

    const csv = await t.call('GET', '/api/payouts/earnings.csv', { as: seller });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('order,book,paid at,price,fee,you receive,released at,state,debt taken,currency');
    expect(lines[1]).toContain(`${bookingId},`);
    expect(lines[1]).toContain(',25,2.5,22.5,');
    await t.settleAll();
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('pages the sales newest first, while the totals and the CSV count every sale', async () => {
    const other = await t.newUser('Seller', { verified: true });
    const categoryId = (await createCategory(t.db)).id;
    const sold: string[] = [];
    for (const cents of [1000, 2000, 3000]) {
      const book = await createBook(t.db, { sellerId: other.id, categoryId, resalePriceCents: cents });
      const buyer = await t.newUser('Buyer');
      const bookingId = await bookAs(t, buyer, book.id);
      await payInFull(t, buyer, bookingId);
      sold.unshift(bookingId);
    }
    const page = async (n: number) =>
      (await t.call('GET', `/api/payouts/earnings?page=${n}&limit=2`, { as: other })).json();
    const [first, second, beyond] = [await page(1), await page(2), await page(3)];
    expect(first.orderCount).toBe(3);
    expect(first.orders.map((o: { bookingId: string }) => o.bookingId)).toEqual(sold.slice(0, 2));
    expect(second.orders.map((o: { bookingId: string }) => o.bookingId)).toEqual(sold.slice(2));
    expect(beyond.orders).toEqual([]);
    // 10% with a 1.00 minimum: fees 1 + 2 + 3, pending shares 9 + 18 + 27, on every page.
    for (const answer of [first, second, beyond]) expect(answer.totals).toMatchObject({ pending: 54, fees: 6 });
    const csv = await (await t.call('GET', '/api/payouts/earnings.csv', { as: other })).text();
    expect(csv.trim().split('\r\n')).toHaveLength(4);
    expect((await errorOf(await t.call('GET', '/api/payouts/earnings?page=0', { as: other }), 400)).error).toMatch(
      /page/,
    );
  });

  it('refuses bank numbers that are not the published test numbers, and malformed ones, with clear messages', async () => {
    const other = await t.newUser('Seller');
    const real = await setUp({ routingNumber: '021000021', accountNumber: '123456789012' }, other);
    expect(await errorOf(real, 400)).toMatchObject({
      field: 'accountNumber',
      error: expect.stringMatching(/published test bank numbers/),
    });
    const malformed = await setUp({ routingNumber: '11000', accountNumber: 'abc' }, other);
    expect((await errorOf(malformed, 400)).error).toMatch(
      /routing number has 9 digits|account number has 4 to 17 digits/,
    );
    expect((await setUp({}, other)).status).toBe(400);
    expect((await (await t.call('GET', '/api/payouts/account', { as: other })).json()).state).toBe('none');
    const restricted = await setUp({ ...workingTestBank, accountNumber: '000111111116' }, other);
    expect(await restricted.json()).toMatchObject({ state: 'restricted', detail: expect.stringMatching(/no_account/) });
  });

  it('lets admins see waiting money, hold a seller and lift the hold; refuses bad holds and retries', async () => {
    const newcomer = await t.newUser('Seller', { verified: true });
    const buyer = await t.newUser('Buyer');
    const book = await createBook(t.db, { sellerId: newcomer.id, categoryId: (await createCategory(t.db)).id });
    const bookingId = await bookAs(t, buyer, book.id);
    await payInFull(t, buyer, bookingId);
    expect((await enterCode(t, newcomer, bookingId)).status).toBe(200);
    await t.runJobs();
    let overview = await (await t.call('GET', '/api/payouts/admin', { as: admin })).json();
    expect(overview.waiting).toContainEqual(expect.objectContaining({ sellerId: newcomer.id, amount: 9, orders: 1 }));
    const earnings = await (await t.call('GET', '/api/payouts/earnings', { as: newcomer })).json();
    expect(earnings.totals.waiting).toBe(9);

    const retry = await t.call('POST', `/api/payouts/admin/transfers/${bookingId}/retry`, { as: admin });
    expect((await errorOf(retry, 409)).error).toMatch(/waiting: there is nothing to retry/);
    const unknown = await t.call('POST', `/api/payouts/admin/transfers/${crypto.randomUUID()}/retry`, { as: admin });
    expect(unknown.status).toBe(404);
    const hold = (sellerId: string, json: unknown) =>
      t.call('PUT', `/api/payouts/admin/holds/${sellerId}`, { as: admin, json });
    expect((await errorOf(await hold(newcomer.id, { reason: ' ' }), 400)).error).toBe('Say why the payouts are held');
    expect((await hold(crypto.randomUUID(), { reason: 'Review' })).status).toBe(404);
    expect((await hold('not-a-uuid', { reason: 'Review' })).status).toBe(400);
    expect((await hold(newcomer.id, { reason: 'Review' })).status).toBe(200);

    expect((await setUp(workingTestBank, newcomer)).status).toBe(200);
    await t.runJobs();
    overview = await (await t.call('GET', '/api/payouts/admin', { as: admin })).json();
    expect(overview.holds).toContainEqual(expect.objectContaining({ sellerId: newcomer.id, reason: 'Review' }));
    expect(overview.waiting).toContainEqual(expect.objectContaining({ sellerId: newcomer.id }));

    const lifted = await t.call('DELETE', `/api/payouts/admin/holds/${newcomer.id}`, { as: admin });
    expect(await lifted.json()).toEqual({ modifiedCount: 1 });
    await t.runJobs();
    const after = await (await t.call('GET', '/api/payouts/earnings', { as: newcomer })).json();
    expect(after.totals).toMatchObject({ waiting: 0, transferred: 9 });
    await t.settleAll();
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
