import { expect, test } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';
import { createAccount, demo, signedInPage } from './support/accounts.ts';
import { listBookThroughApi } from './support/listings.ts';
import { bookThroughApi, goodCard, payWithCard } from './support/orders.ts';

// Anyone signed in may buy (PRODUCT §13): a seller who books a book finds My Orders and pays there.
test('a seller who books a book finds My Orders in the dashboard menu and pays from it', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await createAccount(page.request, 'Seller', 'Buying Seller');
  const menu = page.getByRole('navigation', { name: en.dashboard.menuLabel });

  await page.goto('/dashboard');
  await expect(menu.getByRole('link', { name: en.dashboard.myProducts })).toBeVisible();
  await expect(menu.getByRole('link', { name: en.dashboard.myOrders })).toHaveCount(0);

  const demoSeller = await signedInPage(browser, baseURL!, demo.seller);
  const bookName = `Bought by a seller ${Date.now().toString(36)}`;
  const bookId = await listBookThroughApi(demoSeller, baseURL!, bookName, 'Fiction', 6);
  await demoSeller.context().close();
  await bookThroughApi(page, baseURL!, bookId);

  await page.goto('/dashboard');
  await menu.getByRole('link', { name: en.dashboard.myOrders }).click();
  await expect(page).toHaveURL(/\/dashboard\/wishList$/);
  const row = page.getByTestId('order').filter({ hasText: bookName });
  await row.getByRole('link', { name: en.orders.payFor({ book: bookName }) }).click();
  await payWithCard(page, goodCard);
  await expect(page.getByText(en.payment.success)).toBeVisible();
  await context.close();
});
