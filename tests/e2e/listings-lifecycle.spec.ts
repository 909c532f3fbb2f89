import { setTimeout as sleep } from 'node:timers/promises';
import { expect, type Page, test } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';
import { confirmedAccountPage, demo, signedInPage } from './support/accounts.ts';
import { coverPng, fillBookForm, listBookThroughApi } from './support/listings.ts';
import { newBuyerPage } from './support/orders.ts';
import { reportMinAccountAgeSeconds } from './support/server-config.ts';

const m = en.reports;

const category = 'Poetry';

function homeAdvertised(page: Page) {
  return page.getByRole('region', { name: en.home.advertisedHeading });
}

/** The id of one of the demo seller's books, found by its name in their newest listings. */
async function bookIdOf(seller: Page, bookName: string) {
  const res = await seller.request.get(`/api/books?email=${encodeURIComponent(demo.seller.email)}&limit=50`);
  expect(res.status()).toBe(200);
  const found = ((await res.json()) as { _id: string; bookName: string }[]).find((b) => b.bookName === bookName);
  expect(found).toBeDefined();
  return found!._id;
}

test('a seller lists a book with its photo, advertises it; three reports that count hide it; banning a reporter or dismissing lists it again', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
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
    .getByLabel(en.addBook.labels.photo)
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await coverPng() });
  await expect(seller.getByRole('img', { name: en.addBook.photoPreview })).toBeVisible();
  await fillBookForm(seller, {
    phone: '+1 415 555 0142',
    location: 'Dolores Park',
    description: 'Clean copy, no notes.',
    purchaseYear: '2024-03-09',
  });
  await seller.getByRole('button', { name: en.addBook.submit }).click();
  await expect(seller.getByText(en.addBook.added({ book: bookName }))).toBeVisible();
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
  await expect(card.getByText(en.book.verified, { exact: true })).toBeVisible();
  // The public lists carry no seller email or phone (PRODUCT §11): the card links to the seller's page instead.
  await expect(card).not.toContainText(demo.seller.email);
  await expect(card).not.toContainText('+1 415 555 0142');
  await expect(card.getByTestId('seller-rating')).toHaveAttribute('href', /^\/sellers\/[^/]+$/);
  for (const text of ['Dolores Park', '$24.90', '$11.50', 'Excellent', 'Mar 9, 2024']) {
    await expect(card).toContainText(text);
  }
  await expect(card.getByRole('button', { name: `${en.book.bookNow}: ${bookName}` })).toBeVisible();

  // Advertise it; Home shows it.
  await seller.goto('/dashboard/myProducts');
  await seller.getByRole('button', { name: `${en.myProducts.advertise}: ${bookName}` }).click();
  await expect(seller.getByText(en.toast.advertised)).toBeVisible();
  await expect(row).toContainText(en.myProducts.advertised);
  await expect(seller.getByRole('button', { name: `${en.myProducts.advertise}: ${bookName}` })).toHaveCount(0);
  await seller.goto('/');
  await expect(homeAdvertised(seller).getByText(bookName)).toBeVisible();

  // Another user reports it: it stays listed (one report is not enough to hide it) and goes to the admins' queue.
  const buyer = await signedInPage(browser, baseURL!, demo.buyer);
  await buyer.goto(`/categoryBooks/${category}`);
  await buyer.getByRole('button', { name: `${en.book.reportThis}: ${bookName}` }).click();
  const dialog = buyer.getByRole('dialog');
  await dialog.getByLabel(en.reports.reasonLabel).fill('Looks like a stolen copy');
  await dialog.getByRole('button', { name: en.reports.send }).click();
  await expect(buyer.getByText(en.alert.reported)).toBeVisible();
  await expect(dialog).toBeHidden();
  await buyer.reload();
  await expect(buyer.getByRole('article', { name: bookName })).toBeVisible();

  // The seller sees it reported and can no longer advertise or delete it.
  await seller.goto('/dashboard/myProducts');
  await expect(row).toContainText(en.myProducts.reportedNote);
  await expect(row.getByRole('button')).toHaveCount(0);

  // The admin finds it in Reported Items, still listed, with who reported it and why; the report counts (the demo
  // buyer's address is confirmed and older than REPORT_MIN_ACCOUNT_AGE).
  const admin = await signedInPage(browser, baseURL!, demo.admin);
  await admin.goto('/dashboard/reportedItem');
  const reported = admin.getByTestId('reported-item').filter({ hasText: bookName });
  await expect(reported.getByTestId('report-count')).toHaveText('1 report');
  await expect(reported.getByTestId('report-counting')).toHaveText(m.countingCount({ n: 1 }));
  await expect(reported.getByTestId('reporter')).toHaveText(['Ben Buyer']);
  await expect(reported.getByTestId('report-reason')).toHaveText(['“Looks like a stolen copy”']);
  await expect(reported.getByTestId('report-counts')).toHaveText([m.counts]);
  await expect(reported.getByTestId('report-visibility')).toHaveText(m.stillListed);

  // Three more users report it. A brand-new account with its address unconfirmed does not count, so the book
  // stays listed; two confirmed accounts old enough do, and with the third report that counts it leaves the
  // category page and Home.
  const bookId = await bookIdOf(seller, bookName);
  const reportThroughApi = async (reporter: Page, reason: string) => {
    const res = await reporter.request.put(`/api/books/report/${bookId}`, {
      data: { reason },
      headers: { origin: baseURL! },
    });
    expect(res.status()).toBe(200);
  };
  const { page: fresh, buyer: freshAccount } = await newBuyerPage(browser, baseURL!);
  const { page: confirmed, account: confirmedAccount } = await confirmedAccountPage(browser, baseURL!, 'Buyer');
  await reportThroughApi(fresh, 'Wrong cover picture');
  await reportThroughApi(await signedInPage(browser, baseURL!, demo.newSeller), 'Price looks like a scam');
  await buyer.goto(`/categoryBooks/${category}`);
  await expect(buyer.getByRole('article', { name: bookName })).toBeVisible();
  await sleep(reportMinAccountAgeSeconds * 1000);
  await reportThroughApi(confirmed, 'The seller never answers');
  await buyer.goto(`/categoryBooks/${category}`);
  await expect(buyer.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(buyer.getByRole('article', { name: bookName })).toHaveCount(0);
  await buyer.goto('/');
  await expect(homeAdvertised(buyer).getByRole('article').first()).toBeVisible();
  await expect(homeAdvertised(buyer).getByText(bookName)).toHaveCount(0);

  // Reported Items shows every report, newest first: who, why, and whether it counts; and that the book is hidden.
  await admin.reload();
  await expect(reported.getByTestId('report-count')).toHaveText('4 reports');
  await expect(reported.getByTestId('report-counting')).toHaveText(m.countingCount({ n: 3 }));
  await expect(reported.getByTestId('reporter')).toHaveText([
    confirmedAccount.name,
    'Nora Newseller',
    freshAccount.name,
    'Ben Buyer',
  ]);
  await expect(reported.getByTestId('report-reason')).toHaveText([
    '“The seller never answers”',
    '“Price looks like a scam”',
    '“Wrong cover picture”',
    '“Looks like a stolen copy”',
  ]);
  const reportOf = (name: string) => reported.getByTestId('report').filter({ hasText: name });
  await expect(reportOf(freshAccount.name).getByTestId('report-counts')).toContainText(m.doesNotCount);
  await expect(reportOf(freshAccount.name)).toContainText(m.whyNotCounting.newAccount);
  await expect(reported.getByTestId('report-visibility')).toHaveText(m.hidden);

  // The admin bans a reporter, after asking: their report counts no more, so the book is listed again.
  await reportOf(confirmedAccount.name)
    .getByRole('button', { name: `${m.ban}: ${confirmedAccount.name}` })
    .click();
  const confirmBan = admin.getByRole('dialog', { name: m.confirmBan });
  await expect(confirmBan).toContainText(m.banWhom({ name: confirmedAccount.name, email: confirmedAccount.email }));
  await confirmBan.getByRole('button', { name: m.ban }).click();
  await expect(admin.getByText(m.banned)).toBeVisible();
  await expect(confirmBan).toBeHidden();
  await expect(reported.getByTestId('report-counting')).toHaveText(m.countingCount({ n: 2 }));
  await expect(reported.getByTestId('report-visibility')).toHaveText(m.stillListed);
  await expect(reportOf(confirmedAccount.name).getByTestId('reporter-banned')).toContainText('by Ada Admin');
  await expect(reportOf(confirmedAccount.name)).toContainText(m.whyNotCounting.banned);
  await buyer.goto(`/categoryBooks/${category}`);
  await expect(buyer.getByRole('article', { name: bookName })).toBeVisible();

  // A banned account cannot report at all.
  const another = await listBookThroughApi(seller, baseURL!, `${bookName} (2)`, 'Fiction');
  const refused = await confirmed.request.put(`/api/books/report/${another}`, {
    data: {},
    headers: { origin: baseURL! },
  });
  expect(refused.status()).toBe(403);

  // Lifting the ban makes that report count again: the book is hidden again.
  await reportOf(confirmedAccount.name)
    .getByRole('button', { name: `${m.unban}: ${confirmedAccount.name}` })
    .click();
  await expect(admin.getByText(m.unbanned)).toBeVisible();
  await expect(reported.getByTestId('report-counting')).toHaveText(m.countingCount({ n: 3 }));
  await expect(reported.getByTestId('report-visibility')).toHaveText(m.hidden);
  await expect(reportOf(confirmedAccount.name).getByTestId('reporter-banned')).toHaveCount(0);
  await buyer.goto(`/categoryBooks/${category}`);
  await expect(buyer.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(buyer.getByRole('article', { name: bookName })).toHaveCount(0);

  // Dismissing the reports takes the book out of the queue and brings it back to the public lists.
  await reported.getByRole('button', { name: `${m.dismiss}: ${bookName}` }).click();
  await expect(admin.getByText(m.dismissed)).toBeVisible();
  await expect(reported).toHaveCount(0);

  await buyer.goto(`/categoryBooks/${category}`);
  await expect(buyer.getByRole('article', { name: bookName })).toBeVisible();
  await buyer.goto('/');
  await expect(homeAdvertised(buyer).getByText(bookName)).toBeVisible();

  // Its reporters cannot report it again.
  const again = await buyer.request.put(`/api/books/report/${bookId}`, { data: {}, headers: { origin: baseURL! } });
  expect(again.status()).toBe(409);
});
