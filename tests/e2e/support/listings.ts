import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';

export function coverPng(color = '#7a2e8c') {
  return sharp({ create: { width: 120, height: 180, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** Lists a book for the page's (seller) user through the API, photo included; answers its id. */
export async function listBookThroughApi(
  page: Page,
  baseURL: string,
  bookName: string,
  booksCategory = 'Poetry',
  resalePrice = 8,
) {
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
      resalePrice,
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
