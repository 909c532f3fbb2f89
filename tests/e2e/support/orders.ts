import { type Browser, expect, type Page } from '@playwright/test';
import { messages } from '../../../src/shared/messages.ts';
import { createAccount, demo, signedInPage } from './accounts.ts';
import { listBookThroughApi } from './listings.ts';

export const goodCard = {
  number: '4242 4242 4242 4242',
  expiry: `12 / ${(new Date().getFullYear() + 3) % 100}`,
  cvc: '123',
};

/** A page signed in as a brand-new buyer of its own, so a test may change that buyer's orders freely. */
export async function newBuyerPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const buyer = await createAccount(page.request, 'Buyer');
  return { page, buyer };
}

/** A new Fiction book the demo seller lists (through the API), and a brand-new buyer's page to book it with. */
export async function listedBookAndBuyer(browser: Browser, baseURL: string, resalePrice = 8) {
  const seller = await signedInPage(browser, baseURL, demo.seller);
  const bookName = `Orders test ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const book = { id: await listBookThroughApi(seller, baseURL, bookName, 'Fiction', resalePrice), bookName };
  return { book, ...(await newBuyerPage(browser, baseURL)) };
}

/** Books a book as the page's user through the API; answers the booking id. */
export async function bookThroughApi(page: Page, baseURL: string, bookId: string) {
  const res = await page.request.post('/api/booking', {
    data: { bookId, contact: '+1 555 0142', meetinglocation: 'City library' },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { insertedId: string }).insertedId;
}

/** Fills the test provider's card form and presses Pay. */
export async function payWithCard(page: Page, card: { number: string; expiry: string; cvc: string }) {
  await page.getByLabel(messages.payment.cardNumber).fill(card.number);
  await page.getByLabel(messages.payment.expiry).fill(card.expiry);
  await page.getByLabel(messages.payment.cvc).fill(card.cvc);
  await page.getByRole('button', { name: messages.payment.pay, exact: true }).click();
}
