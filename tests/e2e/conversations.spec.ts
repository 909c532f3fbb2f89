import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';
import { demo, signedInPage } from './support/accounts.ts';
import { postThroughApi } from './support/api.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { listBookThroughApi } from './support/listings.ts';
import { bookThroughApi, newBuyerPage } from './support/orders.ts';

const m = en.conversations;
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
    // Once the page knows who is signed in (else the button asks to log in first).
    await expect(buyer.getByRole('link', { name: 'Your profile' })).toBeVisible();
    await buyer.screenshot({ path: '.shots/book-page-ask-seller-390.png', fullPage: true });
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
    await seller.screenshot({ path: '.shots/messages-unread-seller-1280.png' });
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

    // The conversation goes on through the booking: My Orders and My Products open the same one.
    await bookThroughApi(buyer, baseURL!, bookId);
    await buyer.goto('/dashboard/wishList');
    await buyer.getByTestId('order').filter({ hasText: bookName }).getByRole('link', { name: m.talkToSeller }).click();
    await expect(bubble(buyer, answer)).toBeVisible();
    await seller.goto('/dashboard/myProducts');
    await seller
      .getByTestId('my-product')
      .filter({ hasText: bookName })
      .getByRole('link', { name: m.talkToBuyer })
      .click();
    await expect(bubble(seller, question)).toBeVisible();
    const id = new URL(seller.url()).pathname.split('/').at(-1);
    expect(buyer.url()).toContain(id);

    await Promise.all([buyer.context().close(), seller.context().close()]);
  });

  test('the buyer reports a rude answer; an admin sees it with its context on Reported Items and reads the conversation', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const seller = await signedInPage(browser, baseURL!, demo.seller);
    const bookName = `Report talk ${Date.now().toString(36)}`;
    const bookId = await listBookThroughApi(seller, baseURL!, bookName, 'Fiction');
    const { page: buyer } = await newBuyerPage(browser, baseURL!);
    await buyer.setViewportSize({ width: 390, height: 844 });
    const { id } = await postThroughApi<{ id: string }>(buyer, baseURL!, '/api/conversations', { bookId });
    const ask = { text: 'Would you take half the price?' };
    await postThroughApi(buyer, baseURL!, `/api/conversations/${id}/messages`, ask, 201);
    const rude = { text: 'Not a chance. Stop wasting my time.' };
    await postThroughApi(seller, baseURL!, `/api/conversations/${id}/messages`, rude, 201);

    await buyer.goto(`/dashboard/messages/${id}`);
    await bubble(buyer, rude.text)
      .getByRole('button', { name: new RegExp(`^${m.reportMessage}`) })
      .click();
    const dialog = buyer.getByRole('dialog', { name: m.reportMessage });
    await dialog.getByLabel(m.reportWhy).fill('Rude');
    await dialog.getByRole('button', { name: m.report, exact: true }).click();
    await expect(buyer.getByText(m.reported)).toBeVisible();

    const admin = await signedInPage(browser, baseURL!, demo.admin);
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.goto('/dashboard/reportedItem');
    const item = admin.getByTestId('reported-message').filter({ hasText: bookName });
    await expect(item.locator('[data-reported]')).toContainText(rude.text);
    await expect(item).toContainText(ask.text);
    await expect(item).toContainText('“Rude”');
    await item.scrollIntoViewIfNeeded();
    await admin.screenshot({ path: '.shots/reported-messages-admin-1280.png', fullPage: true });
    await item.getByRole('link', { name: m.openConversation }).click();
    await expect(admin.getByText(m.adminReading)).toBeVisible();
    await expect(bubble(admin, rude.text)).toBeVisible();
    await expect(composer(admin)).toHaveCount(0);
    await admin.screenshot({ path: '.shots/conversation-admin-1280.png', fullPage: true });
    await expectNoSeriousViolations(admin, 'an admin reading a reported conversation');

    await Promise.all([buyer.context().close(), seller.context().close(), admin.context().close()]);
  });
});
