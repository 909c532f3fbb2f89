import { expect, test } from '@playwright/test';
import { messages } from '#shared/messages.ts';
import { pageMessages } from '#shared/page-messages.ts';
import { demo, logIn, signedInPage } from './support/accounts.ts';
import { listBookThroughApi } from './support/listings.ts';
import { newBuyerPage } from './support/orders.ts';

test('a buyer saves a search that finds nothing; once a seller lists a match, the bell shows 1 and leads to the book; the search can be removed', async ({
  browser,
  baseURL,
}) => {
  const word = `wq${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 7)}`;
  const { page, buyer } = await newBuyerPage(browser, baseURL!);
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, buyer);
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName(messages.notifications.bell(0));

  await page.goto(`/search?q=${word}`);
  await expect(page.getByText(messages.search.none(word))).toBeVisible();
  await page.getByRole('button', { name: pageMessages.wanted.saveSearch }).click();
  await expect(page.getByRole('button', { name: pageMessages.wanted.added })).toBeDisabled();

  const seller = await signedInPage(browser, baseURL!, demo.seller);
  const bookName = `The Lantern of ${word}`;
  const bookId = await listBookThroughApi(seller, baseURL!, bookName, 'Fiction');
  await seller.context().close();

  // The alert is a job the listing queued; the page asks again when it is opened.
  await expect(async () => {
    await page.reload();
    await expect(bell).toHaveAccessibleName(messages.notifications.bell(1), { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  await bell.click();
  await expect(page.getByRole('heading', { level: 1, name: messages.notifications.heading })).toBeVisible();
  const notification = page.getByTestId('notification');
  await expect(notification).toHaveCount(1);
  await expect(notification).toContainText(bookName);
  await notification.getByRole('link', { name: messages.notifications.seeBook }).click();
  await expect(page).toHaveURL(new RegExp(`/books/${bookId}$`));
  await expect(page.getByRole('heading', { level: 1, name: bookName })).toBeVisible();
  await expect(bell).toHaveAccessibleName(messages.notifications.bell(0));

  await page.goto('/dashboard/wanted');
  const entry = page.getByTestId('wanted-entry');
  await expect(entry).toContainText(word);
  // Removing asks first, naming the search; once confirmed the list is empty.
  const removeSearch = pageMessages.wanted.removeWhat(pageMessages.wanted.search(word));
  await entry.getByRole('button', { name: removeSearch }).click();
  const dialog = page.getByRole('dialog', { name: removeSearch });
  await dialog.getByRole('button', { name: pageMessages.wanted.remove }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(pageMessages.wanted.empty)).toBeVisible();
  await page.context().close();
});
