import { expect, type Page, test } from '@playwright/test';
import { textsIn } from '#shared/i18n/english.ts';
import { locales } from '#shared/i18n/locales.ts';
import { formatMoney } from '#shared/money.ts';
import { demo, mailboxLinks, signedInPage } from './support/accounts.ts';
import { coverPng } from './support/listings.ts';
import { goodCard, listedBookAndBuyer } from './support/orders.ts';

// PRODUCT §12 on the journeys that matter most: a buyer books and pays in Arabic on a phone, a German seller
// types a price with a decimal comma, and a Spanish buyer's mail comes in Spanish.

const phone = { width: 390, height: 844 };
const [ar, de, es] = [textsIn('ar'), textsIn('de'), textsIn('es')];

async function step(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test('on a phone, a buyer books a book and pays for it in Arabic', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const { book, page } = await listedBookAndBuyer(browser, baseURL!);
  await page.setViewportSize(phone);

  await page.goto(`/ar/books/${book.id}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: book.bookName })).toBeVisible();
  await step(page, 'ar-book-page');
  await page.getByRole('button', { name: ar.book.bookNow }).filter({ visible: true }).first().click();
  const dialog = page.getByRole('dialog', { name: ar.booking.title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: ar.booking.confirm }).click();
  // A field refused by the form says so in Arabic.
  await expect(dialog.getByText(ar.booking.phoneRequired)).toBeVisible();
  await dialog.getByLabel(ar.booking.phone).fill('+966 55 123 4567');
  await step(page, 'ar-booking-dialog');
  await dialog.getByRole('button', { name: ar.booking.confirm }).click();

  const booked = page.getByRole('dialog', { name: ar.booking.bookedHeading });
  await expect(booked).toBeVisible();
  await step(page, 'ar-booked');
  await booked.getByRole('link', { name: ar.booking.payNow }).click();
  await expect(page).toHaveURL(/\/ar\/dashboard\/payment\//);
  await page.getByLabel(ar.payment.cardNumber).fill(goodCard.number);
  // The price to pay as Arabic writes it (Latin digits, the symbol kept whole), not the English `$8.00`.
  await expect(page.getByText(formatMoney(8, 'USD', locales.ar.intl))).toBeVisible();
  await page.getByLabel(ar.payment.expiry).fill(goodCard.expiry);
  await page.getByLabel(ar.payment.cvc).fill(goodCard.cvc);
  await step(page, 'ar-payment');
  await page.getByRole('button', { name: ar.payment.pay, exact: true }).click();
  await expect(page.getByText(ar.alert.paymentSuccessful).first()).toBeVisible();
  await step(page, 'ar-paid');
});

test('a German seller lists a book priced 12,50', async ({ browser, baseURL }) => {
  const page = await signedInPage(browser, baseURL!, demo.seller);
  const m = de.addBook;
  const bookName = `Preis mit Komma ${Date.now().toString(36)}`;
  await page.goto('/de/dashboard/addsell');
  await page.getByLabel(m.labels.bookName).fill(bookName);
  await page.getByLabel(m.labels.resalePrice).fill('12,50');
  await page.getByLabel(m.labels.originalPrice).fill('20,00');
  await page.getByLabel(m.labels.condition).selectOption('Good');
  await page.getByLabel(m.labels.booksCategory).selectOption('Fiction');
  await page.getByLabel(m.labels.phone).fill('+49 30 1234567');
  await page.getByLabel(m.labels.location).fill('Hauptbahnhof');
  await page.getByLabel(m.labels.description).fill('Gut erhalten');
  await page.getByLabel(m.labels.purchaseYear).fill('2021-05-01');
  await page
    .getByLabel(m.labels.photo)
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await coverPng('#2e5c8c') });
  await page.getByRole('button', { name: m.submit }).click();
  await expect(page.getByText(m.added({ book: bookName }))).toBeVisible();
  await expect(page).toHaveURL(/\/de\/dashboard\/myProducts$/);
  // Written back as German writes prices.
  await expect(page.getByTestId('my-product').filter({ hasText: bookName })).toContainText('12,50');
});

test('a Spanish buyer’s mail in Spanish', async ({ browser, baseURL }) => {
  const { book, page, buyer } = await listedBookAndBuyer(browser, baseURL!);
  await page.goto(`/es/books/${book.id}`);
  await expect(page.getByRole('heading', { name: book.bookName })).toBeVisible();
  await page.getByRole('button', { name: es.book.bookNow }).filter({ visible: true }).first().click();
  const dialog = page.getByRole('dialog', { name: es.booking.title });
  await dialog.getByLabel(es.booking.phone).fill('+34 612 345 678');
  await dialog.getByRole('button', { name: es.booking.confirm }).click();
  await expect(page.getByRole('dialog', { name: es.booking.bookedHeading })).toBeVisible();

  const { bookingConfirmed } = es.mailTexts.bookings;
  await (await mailboxLinks(page, buyer.email, bookingConfirmed.subject({ book: book.bookName }))).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByText(bookingConfirmed.lines({ book: book.bookName })[0]!)).toBeVisible();
  await expect(page.getByRole('link', { name: bookingConfirmed.button, exact: true })).toBeVisible();
  await step(page, 'es-booking-mail');
});
