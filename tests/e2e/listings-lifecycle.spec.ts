import { expect, type Page, test } from '@playwright/test';
import { messages } from '#shared/messages.ts';
import { pageMessages } from '#shared/page-messages.ts';
import { demo, signedInPage } from './support/accounts.ts';
import { coverPng, fillBookForm } from './support/listings.ts';
import { newBuyerPage } from './support/orders.ts';

const category = 'Poetry';

function homeAdvertised(page: Page) {
  return page.getByRole('region', { name: messages.home.advertisedHeading });
}

/** The id of one of the demo seller's books, found by its name in their newest listings. */
async function bookIdOf(seller: Page, bookName: string) {
  const res = await seller.request.get(`/api/books?email=${encodeURIComponent(demo.seller.email)}&limit=50`);
  expect(res.status()).toBe(200);
  const found = ((await res.json()) as { _id: string; bookName: string }[]).find((b) => b.bookName === bookName);
  expect(found).toBeDefined();
  return found!._id;
}

test('a seller lists a book with its photo, advertises it; three reports hide it until the admin dismisses them', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const bookName = `Listing ${Date.now()}`;
  const seller = await signedInPage(browser, baseURL!, demo.seller);

  // Add the book through the form, photo first.
  await seller.goto('/dashboard/addsell');
  await fillBookForm(seller, {
    bookName,
    originalPrice: '24.90',
    resalePrice: '11.5',
    condition: 'Excellent',
    booksCategory: category,
  });
  await seller
    .getByLabel(pageMessages.addBook.labels.photo)
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await coverPng() });
  await expect(seller.getByRole('img', { name: pageMessages.addBook.photoPreview })).toBeVisible();
  await fillBookForm(seller, {
    phone: '+1 415 555 0142',
    location: 'Dolores Park',
    description: 'Clean copy, no notes.',
    purchaseYear: '2024-03-09',
  });
  await seller.getByRole('button', { name: pageMessages.addBook.submit }).click();
  await expect(seller.getByText(pageMessages.addBook.added(bookName))).toBeVisible();
  await expect(seller).toHaveURL(/\/dashboard\/myProducts$/);

  // My Products lists it as Available.
  const row = seller.getByTestId('my-product').filter({ hasText: bookName });
  await expect(row).toContainText('Available');
  await expect(row.locator('img')).toHaveAttribute('src', /^\/images\/[0-9a-f-]{36}-400\.webp$/);

  // Its category page shows the whole card.
  await seller.goto(`/categoryBooks/${category}`);
  await expect(seller.getByRole('heading', { level: 1 })).toHaveText(/^\d+ book are available in this category$/);
  const card = seller.getByRole('article', { name: bookName });
  await expect(card).toContainText('Clean copy, no notes.');
  await expect(card).toContainText('Sam Seller');
  await expect(card.getByText(messages.book.verified, { exact: true })).toBeVisible();
  for (const text of [
    demo.seller.email,
    '+1 415 555 0142',
    'Dolores Park',
    '$24.90',
    '$11.50',
    'Excellent',
    'Mar 9, 2024',
  ]) {
    await expect(card).toContainText(text);
  }
  await expect(card.getByRole('button', { name: `${messages.book.bookNow}: ${bookName}` })).toBeVisible();

  // Advertise it; Home shows it.
  await seller.goto('/dashboard/myProducts');
  await seller.getByRole('button', { name: `${pageMessages.myProducts.advertise}: ${bookName}` }).click();
  await expect(seller.getByText(messages.toast.advertised)).toBeVisible();
  await expect(row).toContainText(pageMessages.myProducts.advertised);
  await expect(seller.getByRole('button', { name: `${pageMessages.myProducts.advertise}: ${bookName}` })).toHaveCount(
    0,
  );
  await seller.goto('/');
  await expect(homeAdvertised(seller).getByText(bookName)).toBeVisible();

  // Another user reports it: it stays listed (one report is not enough to hide it) and goes to the admins' queue.
  const buyer = await signedInPage(browser, baseURL!, demo.buyer);
  await buyer.goto(`/categoryBooks/${category}`);
  await buyer.getByRole('button', { name: `${messages.book.reportThis}: ${bookName}` }).click();
  const dialog = buyer.getByRole('dialog');
  await dialog.getByLabel(pageMessages.reports.reasonLabel).fill('Looks like a stolen copy');
  await dialog.getByRole('button', { name: pageMessages.reports.send }).click();
  await expect(buyer.getByText(messages.alert.reported)).toBeVisible();
  await expect(dialog).toBeHidden();
  await buyer.reload();
  await expect(buyer.getByRole('article', { name: bookName })).toBeVisible();

  // The seller sees it reported and can no longer advertise or delete it.
  await seller.goto('/dashboard/myProducts');
  await expect(row).toContainText(pageMessages.myProducts.reportedNote);
  await expect(row.getByRole('button')).toHaveCount(0);

  // The admin finds it in Reported Items, still listed.
  const admin = await signedInPage(browser, baseURL!, demo.admin);
  await admin.goto('/dashboard/reportedItem');
  const reported = admin.getByTestId('reported-item').filter({ hasText: bookName });
  await expect(reported.getByTestId('report-count')).toHaveText('1 report');
  await expect(reported.getByTestId('report-reasons')).toHaveText('“Looks like a stolen copy”');
  await expect(reported.getByTestId('report-visibility')).toHaveText(pageMessages.reports.stillListed);

  // Two more users report it: with the third it leaves the category page and Home.
  const bookId = await bookIdOf(seller, bookName);
  for (const reason of ['Wrong cover picture', 'Price looks like a scam']) {
    const { page: reporter } = await newBuyerPage(browser, baseURL!);
    const res = await reporter.request.put(`/api/books/report/${bookId}`, {
      data: { reason },
      headers: { origin: baseURL! },
    });
    expect(res.status()).toBe(200);
  }
  await buyer.goto(`/categoryBooks/${category}`);
  await expect(buyer.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(buyer.getByRole('article', { name: bookName })).toHaveCount(0);
  await buyer.goto('/');
  await expect(homeAdvertised(buyer).getByRole('article').first()).toBeVisible();
  await expect(homeAdvertised(buyer).getByText(bookName)).toHaveCount(0);

  // Reported Items shows every reason, newest first, and that the book is hidden; dismissing brings it back.
  await admin.reload();
  await expect(reported.getByTestId('report-count')).toHaveText('3 reports');
  await expect(reported.getByTestId('report-reasons').getByRole('listitem')).toHaveText([
    '“Price looks like a scam”',
    '“Wrong cover picture”',
    '“Looks like a stolen copy”',
  ]);
  await expect(reported.getByTestId('report-visibility')).toHaveText(pageMessages.reports.hidden);
  await reported.getByRole('button', { name: `${pageMessages.reports.dismiss}: ${bookName}` }).click();
  await expect(admin.getByText(pageMessages.reports.dismissed)).toBeVisible();
  await expect(reported).toHaveCount(0);

  await buyer.goto(`/categoryBooks/${category}`);
  await expect(buyer.getByRole('article', { name: bookName })).toBeVisible();
  await buyer.goto('/');
  await expect(homeAdvertised(buyer).getByText(bookName)).toBeVisible();
});
