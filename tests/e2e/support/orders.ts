import { type Browser, expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { messages } from '../../../src/shared/messages.ts';

export const demoSeller = { email: 'seller@bigbookshelf.test', password: 'Seller#2026' };
export const goodCard = {
  number: '4242 4242 4242 4242',
  expiry: `12 / ${(new Date().getFullYear() + 3) % 100}`,
  cvc: '123',
};

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function pageOf(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

/** A page signed in (through the API; the page shares the cookie) as an existing account. */
export async function signedInPage(browser: Browser, baseURL: string, who: { email: string; password: string }) {
  const page = await pageOf(browser, baseURL);
  const res = await page.request.post('/api/auth/sign-in/email', { data: who, headers: { origin: baseURL } });
  expect(res.ok()).toBe(true);
  return page;
}

/** A page signed in as a brand-new buyer of its own, so a test may change that buyer's orders freely. */
export async function newBuyerPage(browser: Browser, baseURL: string) {
  const page = await pageOf(browser, baseURL);
  const id = unique();
  const buyer = { name: `Buyer ${id}`, email: `buyer.${id}@example.test`, password: 'Fresh#2026', role: 'Buyer' };
  const res = await page.request.post('/api/auth/sign-up/email', { data: buyer, headers: { origin: baseURL } });
  expect(res.ok()).toBe(true);
  return { page, buyer };
}

/** Lists a book as the page's seller through the API (cover photo included); answers its id and name. */
export async function listBook(page: Page, baseURL: string, category = 'Fiction', resalePrice = 8) {
  const bookName = `Orders test ${unique()}`;
  const cover = await sharp({ create: { width: 120, height: 180, channels: 3, background: '#2e5e8c' } })
    .png()
    .toBuffer();
  const upload = await page.request.post('/api/upload', {
    multipart: { image: { name: 'cover.png', mimeType: 'image/png', buffer: cover } },
    headers: { origin: baseURL },
  });
  expect(upload.status()).toBe(201);
  const { data } = (await upload.json()) as { data: { url: string } };
  const res = await page.request.post('/api/books', {
    data: {
      bookName,
      originalPrice: 20,
      resalePrice,
      condition: 'Good',
      booksCategory: category,
      image: data.url,
      phone: '+1 415 555 0199',
      location: 'Test Town',
      description: 'Listed by an orders browser test.',
      purchaseYear: '2022-02-02',
    },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(201);
  return { id: ((await res.json()) as { insertedId: string }).insertedId, bookName };
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
