import { expect } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';
import { test } from './support/order-fixtures.ts';
import { bookedBookAndBuyer, payWithCard } from './support/orders.ts';

test.describe('a buyer manages their orders', () => {
  test('a declined card shows the processor’s error in red and the order stays unpaid', async ({
    browser,
    baseURL,
  }) => {
    const { book, page, bookingId } = await bookedBookAndBuyer(browser, baseURL!, 12.5);

    await page.goto(`/dashboard/payment/${bookingId}`);
    await expect(page.getByText(en.payment.pleasePay({ price: '$12.50' }))).toBeVisible();
    await payWithCard(page, { number: '4000 0000 0000 0002', expiry: '12 / 40', cvc: '123' });
    const error = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
    await expect(error).toBeVisible();
    await expect(error).toHaveClass(/text-error/);

    await payWithCard(page, { number: '4000 0000 0000 9995', expiry: '12 / 40', cvc: '123' });
    await expect(page.getByRole('alert').filter({ hasText: 'Your card has insufficient funds.' })).toBeVisible();
    await payWithCard(page, { number: '4539 1488 0343 6467', expiry: '12 / 40', cvc: '123' });
    await expect(page.getByRole('alert').filter({ hasText: 'test mode accepts only test card numbers' })).toBeVisible();

    await page.goto('/dashboard/wishList');
    const row = page.getByTestId('order').filter({ hasText: book.bookName });
    await expect(row.getByRole('link', { name: en.orders.payFor({ book: book.bookName }) })).toBeVisible();
    await expect(row.getByText(en.dashboard.paid, { exact: true })).toHaveCount(0);
  });

  test('deleting an unpaid order (after confirming) puts the book back on its category page', async ({
    booked: { book, page },
  }) => {
    await page.goto('/categoryBooks/Fiction');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: `${en.book.bookNow}: ${book.bookName}` })).toHaveCount(0);

    await page.goto('/dashboard/wishList');
    const row = page.getByTestId('order').filter({ hasText: book.bookName });
    await row.getByRole('button', { name: en.orders.deleteOrder({ book: book.bookName }) }).click();
    const confirm = page.getByRole('dialog', { name: en.dashboard.confirmDelete });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: en.dialog.cancel }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: en.orders.deleteOrder({ book: book.bookName }) }).click();
    await confirm.getByRole('button', { name: en.orders.delete }).click();
    await expect(page.getByText(en.toast.deleted)).toBeVisible();
    await expect(row).toHaveCount(0);

    await page.goto('/categoryBooks/Fiction');
    await expect(page.getByRole('button', { name: `${en.book.bookNow}: ${book.bookName}` })).toBeVisible();
  });

  test('when My Orders answers 401 the app signs the user out and asks them to log in', async ({
    booked: { book, page },
  }) => {
    await page.goto('/dashboard/wishList');
    await expect(page.getByTestId('order')).toHaveCount(1);

    await page.context().clearCookies(); // the session is gone (expired, or revoked elsewhere)
    // Move within the app (no reload, so the app still believes it is signed in) and come back to My Orders.
    await page.getByRole('link', { name: en.orders.payFor({ book: book.bookName }) }).click();
    await expect(page.getByRole('heading', { name: en.dashboard.myOrders })).toBeHidden();
    // The payment page has drawn (its order is refused), so going back draws My Orders anew.
    await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('link', { name: en.nav.login })).toBeVisible();
  });

  test('My Orders and the payment page work on a 375px-wide screen', async ({ booked: { book, page, bookingId } }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/dashboard/wishList');
    await expect(page.getByTestId('order').filter({ hasText: book.bookName })).toBeVisible();
    await page.goto(`/dashboard/payment/${bookingId}`);
    const pay = page.getByRole('button', { name: en.payment.pay, exact: true });
    await expect(pay).toBeVisible();
    const box = await pay.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
