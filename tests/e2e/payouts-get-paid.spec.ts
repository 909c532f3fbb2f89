import { type Browser, expect, type Page, test } from '@playwright/test';
import type { BookingItem } from '#shared/schemas/booking.ts';
import { createAccount } from './support/accounts.ts';
import { postThroughApi } from './support/api.ts';
import { listBookThroughApi } from './support/listings.ts';
import { bookThroughApi, newBuyerPage, payThroughApi } from './support/orders.ts';

// A seller getting paid in test mode (ADR 026): one sets up payouts first, sells, enters the buyer's code and sees
// the money released in Earnings; another sells first, sees the money waiting, sets up payouts and sees it sent.

/** A sale of a new book of `seller`'s, paid by a new buyer; answers the book's name, the buyer's page and the code. */
async function soldBook(seller: Page, browser: Browser, baseURL: string) {
  const bookName = `Payouts test ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const bookId = await listBookThroughApi(seller, baseURL, bookName, 'Fiction', 20);
  const { page: buyer, buyer: account } = await newBuyerPage(browser, baseURL);
  const bookingId = await bookThroughApi(buyer, baseURL, bookId);
  await payThroughApi(buyer, baseURL, bookingId);
  const orders = await buyer.request.get(`/api/wishList/${encodeURIComponent(account.email)}`);
  const code = ((await orders.json()) as BookingItem[]).find((o) => o._id === bookingId)!.handover!.code!;
  return { bookName, bookingId, code, buyer };
}

test('a seller sets up payouts, sells, enters the code, and sees Released in Earnings', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  const seller = await context.newPage();
  await createAccount(seller.request, 'Seller');

  await seller.goto('/dashboard/get-paid');
  await expect(seller.getByRole('note')).toContainText('Test mode');
  await expect(seller.getByTestId('payout-state')).toContainText('Not set up');
  await seller.getByLabel('Account number').fill('000123456789');
  await seller.getByRole('button', { name: 'Save payout account' }).click();
  await expect(seller.getByTestId('payout-state')).toContainText('Active');

  await seller.goto('/dashboard/addsell');
  await seller.getByLabel('Resale Price').fill('20');
  await expect(seller.getByTestId('you-receive')).toContainText('You receive $18.40');

  const bookName = `Payouts test ${Date.now().toString(36)}`;
  const bookId = await listBookThroughApi(seller, baseURL!, bookName, 'Fiction', 20);
  const { page: buyer, buyer: account } = await newBuyerPage(browser, baseURL!);
  const bookingId = await bookThroughApi(buyer, baseURL!, bookId);
  await payThroughApi(buyer, baseURL!, bookingId);

  await seller.goto('/dashboard/earnings');
  const row = seller.getByTestId('earning').filter({ hasText: bookName });
  await expect(row).toContainText('Pending (awaiting handover)');
  await expect(row).toContainText('$18.40');

  const orders = await buyer.request.get(`/api/wishList/${encodeURIComponent(account.email)}`);
  const code = ((await orders.json()) as BookingItem[]).find((o) => o._id === bookingId)!.handover!.code!;
  await postThroughApi(seller, baseURL!, `/api/handovers/${bookingId}/code`, { code });

  await expect(async () => {
    await seller.reload();
    await expect(row).toContainText(/Released$/);
  }).toPass({ timeout: 15_000 });
  await expect(seller.getByTestId('earnings-totals')).toContainText('$18.40');
  await Promise.all([context.close(), buyer.context().close()]);
});

test('a new seller sells first, sees the money waiting, sets up payouts, and sees it sent', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  const seller = await context.newPage();
  await createAccount(seller.request, 'Seller');
  const sale = await soldBook(seller, browser, baseURL!);
  await postThroughApi(seller, baseURL!, `/api/handovers/${sale.bookingId}/code`, { code: sale.code });

  await seller.goto('/dashboard/earnings');
  const row = seller.getByTestId('earning').filter({ hasText: sale.bookName });
  await expect(row).toContainText('Released, waiting for payouts');
  await expect(seller.getByRole('status')).toContainText('$18.40 is released and waiting for you');
  await seller.getByRole('link', { name: 'Set up payouts' }).click();
  await seller.getByLabel('Account number').fill('000123456789');
  await seller.getByRole('button', { name: 'Save payout account' }).click();
  await expect(seller.getByTestId('payout-state')).toContainText('Active');

  await seller.goto('/dashboard/earnings');
  await expect(async () => {
    await seller.reload();
    await expect(row).toContainText(/Released$/);
  }).toPass({ timeout: 15_000 });
  await Promise.all([context.close(), sale.buyer.context().close()]);
});
