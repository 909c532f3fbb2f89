import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';
import { postThroughApi } from './support/api.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { test } from './support/order-fixtures.ts';
import { payThroughApi } from './support/orders.ts';

const r = en.reviews;
const phone = { width: 390, height: 844 };

/** The buyer's code from their order, entered by the seller through the API: the order is handed over. */
async function handOverThroughApi(buyer: Page, seller: Page, baseURL: string, bookingId: string) {
  const order = await buyer.request.get(`/api/bookingItems/${bookingId}`);
  const { handover } = (await order.json()) as { handover: { code: string } };
  await postThroughApi(seller, baseURL, `/api/handovers/${bookingId}/code`, { code: handover.code });
}

/** Chooses the stars and the words in the review dialog and sends it. */
async function review(page: Page, bookName: string, otherName: RegExp, stars: number, text: string) {
  await page.getByRole('button', { name: `${r.review}: ${bookName}` }).click();
  const dialog = page.getByRole('dialog', { name: otherName });
  await dialog.getByRole('radio', { name: r.stars({ n: stars }), exact: true }).check();
  await dialog.getByLabel(r.textLabel).fill(text);
  await expectNoSeriousViolations(page, 'the review dialog');
  mkdirSync('.shots', { recursive: true });
  await page.screenshot({ path: `.shots/review-dialog-${page.viewportSize()?.width}.png` });
  await dialog.getByRole('button', { name: r.send }).click();
  await expect(page.getByText(r.sent)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: `${r.review}: ${bookName}` })).toHaveCount(0);
}

test.describe('the seller on book pages', () => {
  test('a visitor sees the seller’s rating linking to their page, and no email or phone', async ({ page }) => {
    await page.setViewportSize(phone);
    const res = await page.request.get('/api/allbooks?limit=1');
    const [book] = (await res.json()) as { _id: string; sellerId: string }[];
    await page.goto(`/books/${book!._id}`);
    const rating = page.getByRole('main').getByTestId('seller-rating').first();
    await expect(rating).toHaveAttribute('href', `/sellers/${book!.sellerId}`);
    await expect(page.getByText(en.book.contactThroughAsk)).toBeVisible();
    await expect(page.getByText(en.book.sellerEmail)).toHaveCount(0);
    mkdirSync('.shots', { recursive: true });
    await page.screenshot({ path: '.shots/book-page-390.png' });
    // On the public search, a visitor's cards are nobody's own: Book Now is there to press.
    await page.goto('/search?q=history');
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await expect(page.getByText(en.book.yourOwn)).toHaveCount(0);
    await page.goto(`/books/${book!._id}`);
    await rating.click();
    await expect(page).toHaveURL(new RegExp(`/sellers/${book!.sellerId}$`));
    await expect(page.getByRole('heading', { level: 2, name: en.sellerPage.onSale })).toBeVisible();
  });
});

test.describe('reviews after the handover', () => {
  test('buyer and seller review each other on a phone; the review appears on the seller’s page', async ({
    booked: { book, page, seller, bookingId },
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await payThroughApi(page, baseURL!, bookingId);
    await handOverThroughApi(page, seller, baseURL!, bookingId);
    await page.setViewportSize(phone);
    await seller.setViewportSize(phone);

    // The buyer reviews from My Orders; nothing is public yet.
    await page.goto('/dashboard/wishList');
    const stamp = Date.now().toString(36);
    const words = `Friendly seller, the book was as described ${stamp}`;
    await review(page, book.bookName, /^Review /, 5, words);
    const me = (await (await seller.request.get('/api/users/me')).json()) as { _id: string };
    await page.goto(`/sellers/${me._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(words)).toHaveCount(0);

    // The seller reviews from My Products: both are in, both are published.
    await seller.goto('/dashboard/myProducts');
    await review(seller, book.bookName, /^Review /, 4, `Quick payment ${stamp}`);

    await page.reload();
    const published = page.getByTestId('review').filter({ hasText: words });
    await expect(published).toBeVisible();
    await expect(published.getByRole('img', { name: r.stars({ n: 5 }) })).toBeVisible();
    await expectNoSeriousViolations(page, 'the seller page at 390 px');
    mkdirSync('.shots', { recursive: true });
    await page.screenshot({ path: '.shots/seller-page-390.png', fullPage: true });
    await page.screenshot({ path: '.shots/seller-page-390-top.png' });

    // The seller replies on their own page, once.
    await seller.goto(`/sellers/${me._id}`);
    const mine = seller.getByTestId('review').filter({ hasText: words });
    await mine.getByRole('button', { name: r.reply }).click();
    const dialog = seller.getByRole('dialog');
    await dialog.getByLabel(r.replyLabel).fill('Thank you, enjoy the book!');
    await dialog.getByRole('button', { name: r.sendReply }).click();
    await expect(mine.getByTestId('review-reply')).toContainText('Thank you, enjoy the book!');
    await expect(mine.getByRole('button', { name: r.reply })).toHaveCount(0);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await expect(page.getByTestId('review-reply').first()).toBeVisible();
    await page.screenshot({ path: '.shots/seller-page-1280.png', fullPage: true });
    await page.screenshot({ path: '.shots/seller-page-1280-top.png' });
    await page.goto('/dashboard/wishList');
    await page.screenshot({ path: '.shots/my-orders-reviewed-1280.png' });
  });
});
