import { expect, test } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';
import { createAccount, demo, signedInPage } from './support/accounts.ts';
import { coverPng, fillBookForm, listBookThroughApi } from './support/listings.ts';

const m = en.addBook;

test('the add-a-book form shows every required message and keeps what was typed', async ({ page }) => {
  // A new seller: with no listing before, the phone and location start empty too.
  await createAccount(page.request, 'Seller');
  await page.goto('/dashboard/addsell');
  await page.getByRole('button', { name: m.submit }).click();
  for (const message of [
    m.bookNameRequired,
    m.originalPriceRequired,
    m.resalePriceRequired,
    m.photoRequired,
    m.phoneRequired,
    m.locationRequired,
    m.descriptionRequired,
    m.dateRequired,
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel(m.labels.bookName)).toBeFocused();
  await expect(page.getByLabel(m.labels.bookName)).toHaveAttribute('aria-describedby', 'bookName-error');

  await page.getByLabel(m.labels.bookName).fill('Typed and kept');
  await page.getByLabel(m.labels.resalePrice).fill('a lot');
  await page
    .getByLabel(m.labels.photo)
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await coverPng() });
  await page.getByRole('button', { name: m.submit }).click();
  await expect(page.getByText(m.priceNotNumber({ label: 'Resale price' }))).toBeVisible();
  await expect(page.getByLabel(m.labels.bookName)).toHaveValue('Typed and kept');
  await expect(page.getByRole('img', { name: m.photoPreview })).toBeVisible();
  await expect(page.getByText(m.photoRequired, { exact: true })).toHaveCount(0);

  await page
    .getByLabel(m.labels.photo)
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await page.getByRole('button', { name: m.submit }).click();
  await expect(page.getByText(m.photoType)).toBeVisible();
  // Choosing adds to the photos: the text file is taken out again.
  await expect(page.getByTestId('chosen-photo')).toHaveCount(2);
  await page.getByRole('button', { name: m.removePhoto({ n: 2 }) }).click();

  // A file that claims to be a PNG is refused by the server; everything typed stays, and a real photo then saves.
  await fillBookForm(page, {
    resalePrice: '7',
    originalPrice: '15',
    condition: 'Fair',
    booksCategory: 'Biography',
    phone: '555 0100',
    location: 'Kept Street',
    description: 'Kept description',
    purchaseYear: '2020-01-31',
  });
  await page
    .getByLabel(m.labels.photo)
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<svg onload="alert(1)"/>') });
  await page.getByRole('button', { name: m.submit }).click();
  // The server names the field it refused, so its message shows under the photo, not above the button.
  await expect(page.locator('#photo-error')).toHaveText('only JPEG, PNG, WebP and AVIF pictures are accepted');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard\/addsell$/);
  for (const [label, value] of [
    [m.labels.bookName, 'Typed and kept'],
    [m.labels.location, 'Kept Street'],
    [m.labels.description, 'Kept description'],
    [m.labels.purchaseYear, '2020-01-31'],
    [m.labels.booksCategory, 'Biography'],
  ]) {
    await expect(page.getByLabel(label!)).toHaveValue(value!);
  }
  await page.getByRole('button', { name: m.removePhoto({ n: 2 }) }).click();
  await page
    .getByLabel(m.labels.photo)
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await coverPng('#1d6b3a') });
  await page.getByRole('button', { name: m.submit }).click();
  await expect(page.getByText(m.added({ book: 'Typed and kept' }))).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/myProducts$/);
});

test('a seller deletes a book after confirming, in an accessible dialog', async ({ browser, baseURL }) => {
  const page = await signedInPage(browser, baseURL!, demo.seller);
  const bookName = `To delete ${Date.now()}`;
  await listBookThroughApi(page, baseURL!, bookName);
  await page.goto('/dashboard/myProducts');
  const deleteButton = page.getByRole('button', { name: `${en.myProducts.delete}: ${bookName}` });

  await deleteButton.click();
  const dialog = page.getByRole('dialog', { name: en.dashboard.confirmDelete });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('my-product').filter({ hasText: bookName })).toHaveCount(1);

  await deleteButton.click();
  await dialog.getByRole('button', { name: en.myProducts.delete }).click();
  await expect(page.getByText(en.toast.deleted)).toBeVisible();
  await expect(page.getByTestId('my-product').filter({ hasText: bookName })).toHaveCount(0);
});

test('a category page sends visitors to the public search of its category and pages through its books', async ({
  browser,
  baseURL,
  page,
}) => {
  await page.goto('/categoryBooks/Poetry');
  await expect(page).toHaveURL(/\/search\?category=Poetry$/);

  const seller = await signedInPage(browser, baseURL!, demo.seller);
  await seller.goto('/');
  await seller.getByRole('link', { name: `${en.home.viewCollection}: Science Fiction` }).click();
  await expect(seller.getByRole('heading', { level: 1 })).toHaveText(/^[1-9]\d* book are available in this category$/);
  await expect(seller.getByRole('article').first()).toBeVisible();
  for (let i = 0; i < 13; i++) await listBookThroughApi(seller, baseURL!, `Paged ${Date.now()}-${i}`, 'Science');
  await seller.goto('/categoryBooks/Science');
  const heading = seller.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^\d+ book are available in this category$/);
  const total = Number((await heading.textContent())!.split(' ')[0]);
  expect(total).toBeGreaterThan(12);
  await expect(seller.getByRole('article')).toHaveCount(12);
  const pages = seller.getByRole('navigation', { name: 'Pages' });
  await expect(pages).toContainText(`Page 1 of ${Math.ceil(total / 12)}`);
  await pages.getByRole('button', { name: en.pages.next }).click();
  await expect(seller).toHaveURL(/\?page=2$/);
  await expect(pages).toContainText('Page 2 of');
  await expect(seller.getByRole('article').first()).toBeVisible();
});
