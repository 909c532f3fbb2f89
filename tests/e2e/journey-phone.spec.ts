import { expect, type Page, test } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';
import { createAccount, logIn, signedInPage } from './support/accounts.ts';
import { listBookThroughApi } from './support/listings.ts';
import { goodCard, payWithCard } from './support/orders.ts';

const phone = { width: 390, height: 844 };
const t = en.handover;

/** A screenshot of the step, kept with the test's results to be looked at. */
async function step(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });
}

/** The button on screen named `name` (a phone's book page keeps Book Now in a bar at the bottom). */
const shown = (page: Page, name: string) => page.getByRole('button', { name }).filter({ visible: true }).first();

test('on a phone, a visitor finds a book by its category, signs in to book it, pays, meets the seller and gets it', async ({
  browser,
  baseURL,
}) => {
  // Two people's whole journey, each step on a phone-sized screen.
  test.setTimeout(90_000);
  const sellerAccount = await createAccount(
    (await browser.newContext({ baseURL })).request,
    'Seller',
    'Journey Seller',
  );
  const seller = await signedInPage(browser, baseURL!, sellerAccount);
  await seller.setViewportSize(phone);
  const bookName = `Journey ${Date.now().toString(36)}`;
  await listBookThroughApi(seller, baseURL!, bookName, 'Fiction', 9);
  const buyerContext = await browser.newContext({ baseURL, viewport: phone });
  const buyerAccount = await createAccount(buyerContext.request, 'Buyer', 'Journey Buyer');
  // The account is made; the visitor is signed out until the Login form.
  await buyerContext.clearCookies();
  const page = await buyerContext.newPage();

  // Anonymous: Home → a category's collection → the search in the navbar → the book's page.
  await page.goto('/');
  await page.getByRole('link', { name: `${en.home.viewCollection}: Fiction` }).click();
  await expect(page).toHaveURL(/\/search\?category=Fiction$/);
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await step(page, '1-category');
  const search = page.getByRole('searchbox', { name: en.search.label }).filter({ visible: true });
  await search.fill(bookName);
  await search.press('Enter');
  await expect(search).toHaveValue(bookName);
  await page.getByRole('main').getByRole('link', { name: bookName }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: bookName })).toBeVisible();
  await step(page, '2-book');

  // Book Now sends the visitor to sign in, saying why, and back to the book.
  await shown(page, en.book.bookNow).click();
  await expect(page.getByText(en.auth.signInFor.book({ bookName }))).toBeVisible();
  await step(page, '3-sign-in');
  await logIn(page, buyerAccount);
  await expect(page.getByRole('heading', { level: 1, name: bookName })).toBeVisible();

  // Booking, then straight to paying.
  await shown(page, en.book.bookNow).click();
  const dialog = page.getByRole('dialog', { name: en.booking.title });
  await dialog.getByLabel(en.booking.phone).fill('+1 555 0177');
  await dialog.getByLabel(new RegExp(en.booking.meetingLocation)).fill('Station café');
  await step(page, '4-booking');
  await dialog.getByRole('button', { name: en.booking.confirm }).click();
  const booked = page.getByRole('dialog', { name: en.booking.bookedHeading });
  await expect(booked).toBeVisible();
  await step(page, '5-booked');
  await booked.getByRole('link', { name: en.booking.payNow }).click();
  await expect(page.getByText(en.payment.pleasePay({ price: '$9.00' }))).toBeVisible();
  await payWithCard(page, goodCard);

  // The confirmation: the code, the seller to meet and how to reach them.
  const paid = page.getByTestId('paid-order');
  await expect(paid.getByTestId('handover-code')).toHaveText(/^\d{6}$/);
  const code = (await paid.getByTestId('handover-code').textContent()) ?? '';
  await expect(paid.getByTestId('seller-to-meet')).toContainText(sellerAccount.name);
  await expect(paid.getByTestId('seller-to-meet')).toContainText('+1 415 555 0199');
  await step(page, '6-paid');

  // The meetup: the seller sees whom to meet and enters the buyer's code.
  await seller.goto('/dashboard/myProducts');
  const item = seller.getByTestId('my-product').filter({ hasText: bookName });
  await expect(item).toContainText('+1 555 0177');
  await expect(item).toContainText('Station café');
  await step(seller, '7-seller-meets');
  await item.getByRole('button', { name: `${t.enterCode}: ${bookName}` }).click();
  const codeDialog = seller.getByRole('dialog', { name: t.enterCodeFor({ book: bookName }) });
  await codeDialog.getByLabel(t.codeLabel).fill(code);
  await codeDialog.getByRole('button', { name: t.confirm }).click();
  await expect(item.getByTestId('handover-state')).toHaveText(t.handedOver);

  // Handed over, for the buyer too.
  await page.goto('/dashboard/wishList');
  const order = page.getByTestId('order').filter({ hasText: bookName });
  await expect(order.getByTestId('handover-state')).toHaveText(t.handedOver);
  await step(page, '8-handed-over');
  await buyerContext.close();
  await seller.context().close();
});
