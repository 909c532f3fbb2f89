import { expect, type Page, test } from '@playwright/test';
import { editConflict } from '#server/features/books/books.service.ts';
import { en } from '#shared/i18n/english.ts';
import { createAccount } from './support/accounts.ts';
import { coverPng, postBookThroughApi, uploadCoverThroughApi } from './support/listings.ts';

const m = en.addBook;

// The browser's time zone, which the app keeps on the account for the times in its mail.
test.use({ timezoneId: 'Asia/Tokyo' });

interface ApiBook {
  bookName: string;
  booksCategory: string;
  resalePrice: number;
  version: number;
  photos: { url: string }[];
}
const bookOf = async (page: Page, id: string) =>
  (await (await page.request.get(`/api/books/item/${id}`)).json()) as ApiBook;

test('a seller edits a listing: fixes the title, cuts the price, adds, removes and reorders photos', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await createAccount(page.request, 'Seller', 'Editing Seller');
  const first = await uploadCoverThroughApi(page, baseURL!, '#1f4e79');
  const second = await uploadCoverThroughApi(page, baseURL!, '#b33a3a');
  const bookName = `Mobby Dick ${Date.now()}`;
  const id = await postBookThroughApi(page, baseURL!, {
    bookName,
    image: first,
    photos: [second],
    phone: '+1 617 555 0123',
    location: 'Harbour Street',
  });

  // From My Products to the form, filled with the listing and its two photos.
  await page.goto('/dashboard/myProducts');
  await page.getByRole('link', { name: `${en.myProducts.edit}: ${bookName}` }).click();
  await expect(page.getByRole('heading', { name: m.editHeading })).toBeVisible();
  await expect(page.getByLabel(m.labels.bookName)).toHaveValue(bookName);
  await expect(page.getByLabel(m.labels.booksCategory)).toHaveValue('Poetry');
  await expect(page.getByLabel(m.labels.condition)).toHaveValue('Good');
  await expect(page.getByTestId('chosen-photo')).toHaveCount(2);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/auth/get-session')).json()) as { user: { timeZone?: string } }).user
          .timeZone,
    )
    .toBe('Asia/Tokyo');

  const fixed = bookName.replace('Mobby', 'Moby');
  await page.getByLabel(m.labels.bookName).fill(fixed);
  await page.getByLabel(m.labels.resalePrice).fill('5.50');
  // Choosing photos adds them to the set, once and again.
  await page
    .getByLabel(m.labels.photo)
    .setInputFiles({ name: 'third.png', mimeType: 'image/png', buffer: await coverPng('#1d6b3a') });
  await page
    .getByLabel(m.labels.photo)
    .setInputFiles({ name: 'fourth.png', mimeType: 'image/png', buffer: await coverPng('#c08a1e') });
  await expect(page.getByTestId('chosen-photo')).toHaveCount(4);
  await expect(page.getByText(m.photoCount({ n: 4, max: 5 }))).toBeVisible();
  // The old cover goes; the third photo chosen becomes the cover, before the second.
  await page.getByRole('button', { name: m.removePhoto({ n: 1 }) }).click();
  await page.getByRole('button', { name: m.movePhotoEarlier({ n: 2 }) }).click();
  await expect(page.getByTestId('chosen-photo')).toHaveCount(3);
  await page.screenshot({ path: '.shots/edit-book-390.png', fullPage: true });
  await page.getByRole('button', { name: m.editSubmit }).click();
  await expect(page.getByText(m.edited({ book: fixed }))).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/myProducts$/);
  await expect(page.getByTestId('my-product').filter({ hasText: fixed })).toContainText('$5.50');

  const edited = await bookOf(page, id);
  expect(edited).toMatchObject({ bookName: fixed, resalePrice: 5.5, version: 2, booksCategory: 'Poetry' });
  expect(edited.photos).toHaveLength(3);
  expect(edited.photos[1]!.url).toBe(second);
  expect(edited.photos.map((p) => p.url)).not.toContain(first);

  // The book page offers Edit to its seller, and a new listing starts with the last one's phone and location.
  await page.goto(`/books/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: fixed })).toBeVisible();
  await expect(page.getByRole('link', { name: en.myProducts.edit, exact: true })).toBeVisible();
  await page.goto('/dashboard/addsell');
  await expect(page.getByLabel(m.labels.phone)).toHaveValue('+1 617 555 0123');
  await expect(page.getByLabel(m.labels.location)).toHaveValue('Harbour Street');
});

test('an edit made over another one says so, and reloading shows the other edit', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const [one, two] = [await context.newPage(), await context.newPage()];
  await createAccount(one.request, 'Seller', 'Two Tabs');
  const id = await postBookThroughApi(one, baseURL!, {
    bookName: `Two tabs ${Date.now()}`,
    image: await uploadCoverThroughApi(one, baseURL!),
  });
  for (const tab of [one, two]) {
    await tab.goto(`/dashboard/editBook/${id}`);
    await expect(tab.getByRole('heading', { name: m.editHeading })).toBeVisible();
  }
  await one.getByLabel(m.labels.resalePrice).fill('6');
  await one.getByRole('button', { name: m.editSubmit }).click();
  await expect(one).toHaveURL(/\/dashboard\/myProducts$/);

  await two.getByLabel(m.labels.bookName).fill('Typed in the other tab');
  await two.getByRole('button', { name: m.editSubmit }).click();
  const alert = two.getByRole('alert').filter({ hasText: editConflict });
  await expect(alert).toBeVisible();
  await two.screenshot({ path: '.shots/edit-conflict-1280.png' });
  await alert.getByRole('button', { name: m.reload }).click();
  await expect(two.getByLabel(m.labels.resalePrice)).toHaveValue('6');
  await expect(alert).toBeHidden();
  expect((await bookOf(two, id)).version).toBe(2);
  await context.close();
});
