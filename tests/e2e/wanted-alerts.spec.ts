import { expect, type Page, test } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';
import { answerSessionLate, demo, logIn, signedInPage } from './support/accounts.ts';
import { postThroughApi } from './support/api.ts';
import { listBookThroughApi } from './support/listings.ts';
import { newBuyerPage } from './support/orders.ts';

const m = en.notifications;

/** A word no book has, for a saved search that finds nothing until a test lists a book with it. */
const unheardWord = () =>
  `wq${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 7)}`;

/** The alerts are jobs the listings queued; the page asks again when it is opened, so open it until they are in. */
async function expectBellOnceAlertsArrive(page: Page, unread: number) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('notification-bell')).toHaveAccessibleName(m.bell({ n: unread }), { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

test('a buyer saves a search that finds nothing; once a seller lists a match, the bell shows 1 and leads to the book; the search can be removed', async ({
  browser,
  baseURL,
}) => {
  const word = unheardWord();
  const { page, buyer } = await newBuyerPage(browser, baseURL!);
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, buyer);
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName(m.bell({ n: 0 }));

  // Clicked before the page knows who is signed in, the button waits for the answer rather than sending them to sign in.
  await answerSessionLate(page);
  await page.goto(`/search?q=${word}`);
  await expect(page.getByText(en.search.none({ q: word }))).toBeVisible();
  await page.getByRole('button', { name: en.wanted.saveSearch }).click();
  await expect(page.getByRole('button', { name: en.wanted.added })).toBeDisabled();
  await expect(page).toHaveURL(/\/search\?q=/);
  await page.unrouteAll();

  const seller = await signedInPage(browser, baseURL!, demo.seller);
  const bookName = `The Lantern of ${word}`;
  const bookId = await listBookThroughApi(seller, baseURL!, bookName, 'Fiction');
  await seller.context().close();

  await expectBellOnceAlertsArrive(page, 1);

  await bell.click();
  await expect(page.getByRole('heading', { level: 1, name: m.heading })).toBeVisible();
  const notification = page.getByTestId('notification');
  await expect(notification).toHaveCount(1);
  await expect(notification).toContainText(bookName);
  await notification.getByRole('link', { name: m.seeBook }).click();
  await expect(page).toHaveURL(new RegExp(`/books/${bookId}$`));
  await expect(page.getByRole('heading', { level: 1, name: bookName })).toBeVisible();
  await expect(bell).toHaveAccessibleName(m.bell({ n: 0 }));

  await page.goto('/dashboard/wanted');
  const entry = page.getByTestId('wanted-entry');
  await expect(entry).toContainText(word);
  // Removing asks first, naming the search; once confirmed the list is empty.
  const removeSearch = en.wanted.removeWhat({ what: en.wanted.search({ q: word }) });
  await entry.getByRole('button', { name: removeSearch }).click();
  const dialog = page.getByRole('dialog', { name: removeSearch });
  await dialog.getByRole('button', { name: en.wanted.remove }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(en.wanted.empty)).toBeVisible();
  await page.context().close();
});

test('a buyer with two new alerts marks all as read: the New marks and the button go, and the bell counts none', async ({
  browser,
  baseURL,
}) => {
  const word = unheardWord();
  const { page } = await newBuyerPage(browser, baseURL!);
  await postThroughApi(page, baseURL!, '/api/wanted', { search: { q: word } }, 201);
  const seller = await signedInPage(browser, baseURL!, demo.seller);
  for (const title of ['The Lantern', 'The Compass']) {
    await listBookThroughApi(seller, baseURL!, `${title} of ${word}`, 'Fiction');
  }
  await seller.context().close();

  await page.goto('/dashboard/notifications');
  await expectBellOnceAlertsArrive(page, 2);
  const notifications = page.getByTestId('notification');
  const unreadMarks = notifications.getByText(m.unread, { exact: true });
  await expect(notifications).toHaveCount(2);
  await expect(unreadMarks).toHaveCount(2);

  const markAllRead = page.getByRole('button', { name: m.markAllRead });
  await markAllRead.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName(m.bell({ n: 0 }));
  await expect(unreadMarks).toHaveCount(0);
  await expect(markAllRead).toHaveCount(0);

  // The server kept it: opened again, both are there, read.
  await page.reload();
  await expect(notifications).toHaveCount(2);
  await expect(unreadMarks).toHaveCount(0);
  await expect(page.getByTestId('notification-bell')).toHaveAccessibleName(m.bell({ n: 0 }));
  await page.context().close();
});

test('a Wanted list longer than a page pages by ?page=N, newest first, and Back returns to the first page', async ({
  browser,
  baseURL,
}) => {
  const perPage = 20; // the Wanted page's page size (wantedPageSize)
  const { page } = await newBuyerPage(browser, baseURL!);
  const words = Array.from({ length: perPage + 1 }, unheardWord);
  for (const q of words) await postThroughApi(page, baseURL!, '/api/wanted', { search: { q } }, 201);

  await page.goto('/dashboard/wanted');
  const entries = page.getByTestId('wanted-entry');
  const pages = page.getByRole('navigation', { name: en.pages.label });
  await expect(entries).toHaveCount(perPage);
  await expect(entries.first()).toContainText(words.at(-1)!);
  await expect(pages).toContainText(en.pages.position({ page: 1, pages: 2 }));

  await pages.getByRole('button', { name: en.pages.next }).click();
  await expect(page).toHaveURL(/\/dashboard\/wanted\?page=2$/);
  await expect(pages).toContainText(en.pages.position({ page: 2, pages: 2 }));
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText(words[0]!);

  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\/wanted$/);
  await expect(entries).toHaveCount(perPage);
  await page.context().close();
});
