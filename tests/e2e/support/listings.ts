import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { en } from '#shared/i18n/english.ts';
import type { AddBookInput } from '#shared/schemas/add-book.ts';
import { postThroughApi } from './api.ts';

type BookFormField = Exclude<keyof typeof en.addBook.labels, 'photo'>;
const choices: ReadonlySet<BookFormField> = new Set(['condition', 'booksCategory']);

/** Types these values into the Add a book form's fields, in this order, as a seller would (the two menus chosen). */
export async function fillBookForm(page: Page, values: Partial<Record<BookFormField, string>>) {
  for (const [name, value] of Object.entries(values) as [BookFormField, string][]) {
    const field = page.getByLabel(en.addBook.labels[name]);
    if (choices.has(name)) await field.selectOption(value);
    else await field.fill(value);
  }
}

export function coverPng(color = '#7a2e8c') {
  return sharp({ create: { width: 120, height: 180, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** Uploads a cover picture (a plain PNG of `color`) for the page's user through the API; answers its URL. */
export async function uploadCoverThroughApi(page: Page, baseURL: string, color?: string) {
  const upload = await page.request.post('/api/upload', {
    multipart: { image: { name: 'cover.png', mimeType: 'image/png', buffer: await coverPng(color) } },
    headers: { origin: baseURL },
  });
  expect(upload.status()).toBe(201);
  return ((await upload.json()) as { data: { url: string } }).data.url;
}

/** Lists a book for the page's (seller) user through the API: `values` over believable ones; answers its id. */
export async function postBookThroughApi(
  page: Page,
  baseURL: string,
  values: Partial<AddBookInput> & Pick<AddBookInput, 'bookName' | 'image'>,
) {
  const data = {
    originalPrice: 20,
    resalePrice: 8,
    condition: 'Good',
    booksCategory: 'Poetry',
    phone: '+1 415 555 0199',
    location: 'Test Town',
    description: 'Listed by a browser test.',
    purchaseYear: '2022-02-02',
    ...values,
  };
  return (await postThroughApi<{ insertedId: string }>(page, baseURL, '/api/books', data, 201)).insertedId;
}

/** Lists a book for the page's (seller) user through the API, photo included; answers its id. */
export async function listBookThroughApi(
  page: Page,
  baseURL: string,
  bookName: string,
  booksCategory = 'Poetry',
  resalePrice = 8,
) {
  const image = await uploadCoverThroughApi(page, baseURL);
  return postBookThroughApi(page, baseURL, { bookName, booksCategory, resalePrice, image });
}
