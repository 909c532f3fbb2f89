import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';
import { createAccount } from './support/accounts.ts';
import { expectNoSeriousViolations } from './support/axe.ts';

const m = en.shelf;
const labels = en.addBook.labels;

/** Twelve books off a shelf, as a seller would paste them: hyphens or not, one ISBN-10 (the stand-in knows them all). */
const shelf = [
  '0141439513',
  '978-0-451-52493-5',
  '9780061120084',
  '978-0-7432-7356-5',
  '9780547928227',
  '9780060850524',
  '978-0-14-044913-6',
  '9780141441146',
  '9780142437230',
  '9780486282114',
  '9780143105428',
  '9780143039433',
];
const titles = [
  'Pride and Prejudice',
  '1984',
  'To Kill a Mockingbird',
  'The Great Gatsby',
  'The Hobbit',
  'Brave New World',
  'Crime and Punishment',
  'Jane Eyre',
  'Don Quixote',
  'Frankenstein',
];

const shots = '.shots';
async function shot(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

test('on a phone, a seller pastes 12 ISBNs, goes through 10 drafts by keyboard and publishes them at once', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const seller = await createAccount(page.request, 'Seller', 'Shelf seller');
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: seller.email, password: seller.password },
    headers: { origin: baseURL! },
  });
  expect(signIn.ok()).toBe(true);

  // What a person does, counted: each paste, choice, typed field, key or click is a step.
  let steps = 0;
  const step = async <T>(action: Promise<T>) => {
    steps += 1;
    return action;
  };
  const began = Date.now();

  await page.goto('/dashboard');
  await step(page.getByRole('link', { name: en.dashboard.listShelf }).first().click());
  await expect(page.getByRole('heading', { name: m.heading, level: 1 })).toBeVisible();
  // No BarcodeDetector in this browser: no Scan button.
  await expect(page.getByRole('button', { name: m.scan })).toHaveCount(0);
  await step(page.getByLabel(m.isbnsLabel).fill(`${shelf.join('\n')}\nmy reading lamp\n9780141439519\n`));
  await step(page.getByLabel(labels.booksCategory).selectOption('Fiction'));
  await step(page.getByLabel(labels.phone).fill('+1 415 555 0142'));
  await step(page.getByLabel(labels.location).fill('Oakland, Lake Merritt BART'));
  await step(page.getByLabel(labels.purchaseYear).fill('2021-06-01'));
  await shot(page, 'shelf-import-390');
  await expectNoSeriousViolations(page, 'List a shelf');
  await step(page.getByRole('button', { name: m.start }).click());

  await expect(page.getByRole('status').filter({ hasText: m.done })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(m.summary({ lines: 14, added: 12 }))).toBeVisible();
  await expect(page.getByRole('cell', { name: m.outcomes.invalid })).toBeVisible();
  await expect(page.getByRole('cell', { name: m.outcomes['not-isbn'] })).toBeVisible();
  await shot(page, 'shelf-import-done-390');
  await expectNoSeriousViolations(page, 'an import, done, with each line');

  await step(page.getByRole('link', { name: m.goToDrafts }).click());
  await expect(page.getByRole('status').filter({ hasText: m.readyCount({ ready: 0, total: 12 }) })).toBeVisible();
  const drafts = page.getByTestId('draft');
  await expect(drafts).toHaveCount(12);
  await shot(page, 'shelf-drafts-390');
  await expectNoSeriousViolations(page, 'Drafts');

  for (const [i, title] of titles.entries()) {
    const draft = drafts.nth(i);
    await expect(draft.getByRole('heading', { name: title })).toBeVisible();
    const condition = draft.getByLabel(labels.condition);
    // After the first, the keyboard is already on this draft's condition (Enter on the last price moved it here).
    if (i > 0) await expect(condition).toBeFocused();
    await step(condition.selectOption(i % 3 === 0 ? 'Excellent' : 'Good'));
    if (i === 2) await step(draft.getByRole('checkbox', { name: 'Notes or highlighting' }).check());
    await step(draft.getByRole('button', { name: m.takeCover }).click());
    await expect(draft.getByText(`✓ ${labels.photo}`)).toBeVisible();
    await step(draft.getByLabel(new RegExp(`^${labels.resalePrice}`)).fill(String(4 + (i % 4))));
    const original = draft.getByLabel(new RegExp(`^${labels.originalPrice}`));
    await step(original.fill('15'));
    await step(original.press('Enter'));
    await expect(draft.getByText(m.ready)).toBeVisible();
  }
  await expect(page.getByRole('status').filter({ hasText: m.readyCount({ ready: 10, total: 12 }) })).toBeVisible();
  await shot(page, 'shelf-drafts-ready-390');

  await step(page.getByRole('button', { name: m.publishAll({ n: 10 }) }).click());
  await expect(page.getByText(m.published({ n: 10 }))).toBeVisible();
  const seconds = ((Date.now() - began) / 1000).toFixed(1);
  await expect(drafts).toHaveCount(2);
  await expect(page.getByRole('status').filter({ hasText: m.readyCount({ ready: 0, total: 2 }) })).toBeVisible();
  console.log(`listing a shelf: 12 ISBNs pasted, 10 books published in ${steps} steps, ${seconds} s in the browser`);

  // Listed as a book added by hand is: in the seller's products and found by search.
  await page.goto('/dashboard/myProducts');
  for (const title of titles) await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
  await page.goto('/search?q=9780143105428');
  await expect(page.getByRole('article')).toHaveCount(0);

  // The same drafts page at 1280 px.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/drafts');
  await expect(drafts).toHaveCount(2);
  await shot(page, 'shelf-drafts-1280');
  await page.goto('/dashboard/shelf');
  await shot(page, 'shelf-import-1280');
  await context.close();
});

test('where the browser reads barcodes, a seller scans books one after another into the list', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  // A camera and a barcode reader played by the page itself: the codes shown to the camera, one after another (a
  // code stays in view for several reads; an EAN-13 that is not a book's is not taken).
  await context.addInitScript(() => {
    const shown = ['9780141439518', '9780141439518', '4006381333931', '9780547928227'];
    let read = 0;
    Object.assign(window, {
      BarcodeDetector: class {
        async detect() {
          const code = shown[Math.min(read, shown.length - 1)]!;
          read += 1;
          return [{ rawValue: code }];
        }
      },
    });
    navigator.mediaDevices.getUserMedia = async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 48;
      canvas.getContext('2d')!.fillRect(0, 0, 64, 48);
      return canvas.captureStream(5);
    };
  });
  const page = await context.newPage();
  const seller = await createAccount(page.request, 'Seller', 'Scanning seller');
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: seller.email, password: seller.password },
    headers: { origin: baseURL! },
  });
  expect(signIn.ok()).toBe(true);
  await page.goto('/dashboard/shelf');
  await page.getByRole('button', { name: m.scan }).click();
  await expect(page.getByLabel(m.isbnsLabel)).toHaveValue('9780141439518\n9780547928227\n');
  await expect(page.getByRole('status').filter({ hasText: m.scanned({ isbn: '9780547928227' }) })).toBeVisible();
  await page.getByRole('button', { name: en.isbnLookup.stopScan }).click();
  await expect(page.getByRole('button', { name: m.scan })).toBeVisible();
  await page.getByRole('button', { name: m.start }).click();
  await expect(page.getByText(m.summary({ lines: 2, added: 2 }))).toBeVisible({ timeout: 20_000 });
  await context.close();
});
