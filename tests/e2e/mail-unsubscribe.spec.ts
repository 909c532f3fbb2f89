import { expect } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';
import { mailboxLinks } from './support/accounts.ts';
import { listBookThroughApi } from './support/listings.ts';
import { test } from './support/order-fixtures.ts';
import { bookThroughApi, payThroughApi } from './support/orders.ts';

const { mail } = en;
const orders = mail.kinds.orders;

test('a buyer follows the link at the foot of an order email, stops those emails, and has them back', async ({
  booked: { book, page, seller, buyer, bookingId },
  baseURL,
}) => {
  await (
    await mailboxLinks(page, buyer.email, en.mailTexts.bookings.bookingConfirmed.subject({ book: book.bookName }))
  ).click();
  await page.getByRole('link', { name: en.mailTexts.frame.footer.turnOff({ what: orders }) }).click();
  await expect(page).toHaveURL(/\/unsubscribe\?token=/);
  await expect(page.getByRole('heading', { level: 1, name: mail.heading })).toBeVisible();
  await expect(page.getByText(mail.question({ what: orders }))).toBeVisible();

  await page.getByRole('button', { name: mail.stop }).click();
  await expect(page.getByRole('status')).toHaveText(mail.stopped({ what: orders }));
  await expect(page.getByRole('button', { name: mail.stop })).toHaveCount(0);
  // Stopped: paying sends no receipt.
  await payThroughApi(page, baseURL!, bookingId);

  await page.getByRole('button', { name: mail.resume }).click();
  await expect(page.getByRole('status')).toHaveText(mail.resumed({ what: orders }));
  await expect(page.getByRole('button', { name: mail.resume })).toHaveCount(0);

  // Resumed: the next order's email comes; the receipt sent while they were stopped never does.
  const secondBook = `Second ${book.bookName}`;
  await bookThroughApi(page, baseURL!, await listBookThroughApi(seller, baseURL!, secondBook, 'Fiction'));
  await mailboxLinks(page, buyer.email, en.mailTexts.bookings.bookingConfirmed.subject({ book: secondBook }));
  await expect(
    await mailboxLinks(page, buyer.email, en.mailTexts.payments.paymentReceipt.subject({ book: book.bookName }), 0),
  ).toHaveCount(0);
});

test('a buyer signs out of every email link on their profile page, and an earlier email’s link says so', async ({
  booked: { book, page, buyer },
}) => {
  const [email] = await mailboxLinks(
    page,
    buyer.email,
    en.mailTexts.bookings.bookingConfirmed.subject({ book: book.bookName }),
  ).then(async (links) => [await links.getAttribute('href')]);
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { level: 2, name: mail.links })).toBeVisible();
  await page.getByRole('button', { name: mail.signOutLinks }).click();
  await expect(page.getByRole('status').filter({ hasText: mail.linksSignedOut })).toBeVisible();

  await page.goto(email!);
  await page.getByRole('link', { name: en.mailTexts.frame.footer.turnOff({ what: orders }) }).click();
  await page.getByRole('button', { name: mail.stop }).click();
  await expect(page.getByRole('alert')).toHaveText(mail.linkSignedOut);
});
