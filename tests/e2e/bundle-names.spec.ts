import { expect, test } from '@playwright/test';
import { textsIn } from '#shared/i18n/english.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { createAccount } from './support/accounts.ts';
import { postThroughApi } from './support/api.ts';
import { listBookThroughApi } from './support/listings.ts';
import { newBuyerPage, payThroughApi } from './support/orders.ts';

// A bundle is named in the page's language (ADR 031), whatever the language it was booked in: the seller's
// Earnings and My Products write its name from its books.

test('a bundle booked in English is named in Spanish on the seller’s Spanish pages', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const seller = await context.newPage();
  await createAccount(seller.request, 'Seller');
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const names = [`Emma ${tag}`, `Persuasion ${tag}`];
  const bookIds = [];
  for (const name of names) bookIds.push(await listBookThroughApi(seller, baseURL!, name, 'Fiction', 10));

  const { page: buyer } = await newBuyerPage(browser, baseURL!);
  const { total } = await postThroughApi<{ total: number }>(buyer, baseURL!, '/api/bundles/quote', { bookIds });
  const order = { bookIds, contact: '+1 555 0142', meetinglocation: 'City library', total };
  const { insertedId } = await postThroughApi<{ insertedId: string }>(buyer, baseURL!, '/api/bundles', order);
  await payThroughApi(buyer, baseURL!, insertedId);

  const nameIn = (locale: Locale) => textsIn(locale).bundles.orderName({ count: 2, names: names.join(', ') });
  expect(nameIn('es')).not.toBe(nameIn('en'));

  await seller.goto('/es/dashboard/earnings');
  await expect(seller.getByTestId('earning').filter({ hasText: names[0]! })).toContainText(nameIn('es'));
  await seller.goto('/dashboard/earnings');
  await expect(seller.getByTestId('earning').filter({ hasText: names[0]! })).toContainText(nameIn('en'));

  await seller.goto('/es/dashboard/myProducts');
  const lead = seller
    .getByTestId('my-product')
    .filter({ hasText: names[0]! })
    .filter({ has: seller.getByTestId('booking') });
  await expect(lead.getByRole('button', { name: new RegExp(nameIn('es')) })).not.toHaveCount(0);
  await context.close();
  await buyer.context().close();
});
