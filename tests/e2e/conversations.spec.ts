import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { pageMessages } from '#shared/page-messages.ts';
import { demo, signedInPage } from './support/accounts.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { listBookThroughApi } from './support/listings.ts';
import { newBuyerPage } from './support/orders.ts';

const m = pageMessages.conversations;
mkdirSync('.shots', { recursive: true });

const bubbles = (page: Page) => page.getByTestId('message');
const bubble = (page: Page, text: string) => bubbles(page).filter({ hasText: text });
const composer = (page: Page) => page.getByRole('textbox', { name: /^Write to / });

/**
 * When `text` first shows on `page` (Date.now() there, the same clock as the test's): watched in the page itself, so
 * that the time is the page's, not that of Playwright's polling.
 */
function whenShown(page: Page, text: string): Promise<number> {
  return page.evaluate(
    (wanted) =>
      new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          if (!document.body.innerText.includes(wanted)) return;
          observer.disconnect();
          resolve(Date.now());
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      }),
    text,
  );
}

/** Writes in the open conversation and sends with Enter, as a person on a keyboard would. */
async function write(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect(composer(page)).toHaveValue('');
}

test.describe('a buyer and a seller talk about a book', () => {
  test('the buyer asks before booking on a phone; the seller sees it live, answers, and the buyer sees that live', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const seller = await signedInPage(browser, baseURL!, demo.seller);
    await seller.setViewportSize({ width: 1280, height: 800 });
    const bookName = `Talk test ${Date.now().toString(36)}`;
    const bookId = await listBookThroughApi(seller, baseURL!, bookName, 'Fiction');
    const { page: buyer } = await newBuyerPage(browser, baseURL!);
    await buyer.setViewportSize({ width: 390, height: 844 });

    // The buyer asks from the book page, before booking.
    await buyer.goto(`/books/${bookId}`);
    await buyer.getByRole('button', { name: m.askSeller }).click();
    await expect(buyer).toHaveURL(/\/dashboard\/messages\/[0-9a-f-]{36}$/);
    await expect(buyer.getByText(m.noMessages)).toBeVisible();
    await expect(buyer.getByTestId('live-state')).toHaveAttribute('data-live', 'true');
    const question = 'Hello! Is the dust jacket still there? Photos: https://example.test/jacket <b>please</b>';
    await write(buyer, question);
    await expect(bubble(buyer, question)).toHaveAttribute('data-mine', 'true');
    // A link and markup are shown as the text they are.
    await expect(bubble(buyer, question).getByRole('link')).toHaveCount(0);
    await expect(bubble(buyer, question).locator('b')).toHaveCount(0);
    await expect(bubble(buyer, question).getByTestId('message-status')).toHaveText(m.sent);

    // The seller finds it under Messages, unread, and opens it: the buyer sees "Seen" without reloading.
    await seller.goto('/dashboard/messages');
    const row = seller.getByTestId('conversation').filter({ hasText: bookName });
    await expect(row.getByTestId('unread')).toContainText('1');
    await row.click();
    await expect(bubble(seller, question)).toHaveAttribute('data-mine', 'false');
    await expect(seller.getByTestId('live-state')).toHaveAttribute('data-live', 'true');
    await expect(bubble(buyer, question).getByTestId('message-status')).toHaveText(m.seen);

    // While the seller's conversation is open, a new question shows there live.
    const followUp = 'And can we meet at the library on Saturday?';
    const shownToSeller = whenShown(seller, followUp);
    await composer(buyer).fill(followUp);
    let started = Date.now();
    await composer(buyer).press('Enter');
    const toSeller = (await shownToSeller) - started;
    await expect(bubble(seller, followUp)).toBeVisible();

    // The seller answers; the buyer's page shows it live.
    const answer = 'Yes, the jacket is there, a little worn at the top. Saturday at 11 works.';
    const shownToBuyer = whenShown(buyer, answer);
    await composer(seller).fill(answer);
    started = Date.now();
    await composer(seller).press('Enter');
    const toBuyer = (await shownToBuyer) - started;
    await expect(bubble(buyer, answer)).toBeVisible();
    console.log(
      `browsers: the buyer's message showed on the seller's open page ${toSeller} ms after Enter, ` +
        `the seller's answer on the buyer's ${toBuyer} ms after Enter (one server)`,
    );
    await expect(bubble(buyer, answer)).toHaveAttribute('data-mine', 'false');
    await expect(bubble(seller, answer).getByTestId('message-status')).toHaveText(m.seen);

    await buyer.screenshot({ path: '.shots/conversation-buyer-390.png', fullPage: true });
    await seller.screenshot({ path: '.shots/conversation-seller-1280.png', fullPage: true });
    await expectNoSeriousViolations(buyer, 'the conversation at 390 px');
    await expectNoSeriousViolations(seller, 'the conversation at 1280 px');

    await seller.goto('/dashboard/messages');
    await expect(seller.getByTestId('conversation').filter({ hasText: bookName })).toContainText(answer);
    await seller.screenshot({ path: '.shots/messages-seller-1280.png', fullPage: true });
    await buyer.goto('/dashboard/messages');
    await expect(buyer.getByTestId('conversation').filter({ hasText: bookName })).toBeVisible();
    await buyer.screenshot({ path: '.shots/messages-buyer-390.png', fullPage: true });

    await Promise.all([buyer.context().close(), seller.context().close()]);
  });
});
