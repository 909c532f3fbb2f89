import { type Browser, expect, type Page } from '@playwright/test';
import sharp from 'sharp';

export const demo = {
  admin: { email: 'admin@bigbookshelf.test', password: 'Admin#2026' },
  seller: { email: 'seller@bigbookshelf.test', password: 'Seller#2026' },
  buyer: { email: 'buyer@bigbookshelf.test', password: 'Buyer#2026' },
};

/** A page of its own browser context, signed in through the API (the context shares the cookie). */
export async function signedInPage(browser: Browser, baseURL: string, who: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/sign-in/email', { data: who, headers: { origin: baseURL } });
  expect(res.ok()).toBe(true);
  return page;
}

export function coverPng(color = '#7a2e8c') {
  return sharp({ create: { width: 120, height: 180, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** Lists a book for the page's (seller) user through the API, photo included; answers its id. */
export async function listBookThroughApi(page: Page, baseURL: string, bookName: string, booksCategory = 'Poetry') {
  const upload = await page.request.post('/api/upload', {
    multipart: { image: { name: 'cover.png', mimeType: 'image/png', buffer: await coverPng() } },
    headers: { origin: baseURL },
  });
  expect(upload.status()).toBe(201);
  const { data } = (await upload.json()) as { data: { url: string } };
  const res = await page.request.post('/api/books', {
    data: {
      bookName,
      originalPrice: 20,
      resalePrice: 8,
      condition: 'Good',
      booksCategory,
      image: data.url,
      phone: '+1 415 555 0199',
      location: 'Test Town',
      description: 'Listed by a browser test.',
      purchaseYear: '2022-02-02',
    },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { insertedId: string }).insertedId;
}
