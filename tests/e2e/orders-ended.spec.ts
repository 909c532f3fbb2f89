import { expect, type Page } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';
import { postThroughApi } from './support/api.ts';
import { expectReasonDialogByKeyboard } from './support/dialogs.ts';
import { test } from './support/order-fixtures.ts';
import { cancelThroughApi, chargeThroughApi, goodCard, payThroughApi, payWithCard } from './support/orders.ts';
import { bookingHoldSeconds } from './support/server-config.ts';

const m = en.orders;

function orderRow(page: Page, bookName: string) {
  return page.getByTestId('order').filter({ hasText: bookName });
}

function productRow(page: Page, bookName: string) {
  return page.getByTestId('my-product').filter({ hasText: bookName });
}

/** What the server answers when the buyer asks to pay for this order now (its 409 message once it ended). */
async function payRefusal(page: Page, baseURL: string, bookingId: string) {
  const path = '/api/create-payment-intent';
  return (await postThroughApi<{ error: string }>(page, baseURL, path, { bookingId }, 409)).error;
}

test.describe('orders that end without a sale', () => {
  test('a buyer whose hold ran out sees Expired in My Orders, cannot pay it any more, and may delete it', async ({
    booked: { book, page, bookingId },
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/dashboard/wishList');
    const row = orderRow(page, book.bookName);
    await expect(row.getByRole('link', { name: m.payFor({ book: book.bookName }) })).toBeVisible();
    await expect(row.getByText(/^Pay by /)).toBeVisible();

    // No reload: My Orders looks again by itself once the hold has run out and the server has ended it.
    await expect(row.getByText(m.expired, { exact: true })).toBeVisible({ timeout: (bookingHoldSeconds + 25) * 1000 });
    await expect(row).toContainText(m.expiredNote);
    await expect(row.getByRole('link', { name: m.payFor({ book: book.bookName }) })).toHaveCount(0);
    await expect(row.getByText(/^Pay by /)).toHaveCount(0);

    // The book is on sale again.
    await page.goto('/categoryBooks/Fiction');
    await expect(page.getByRole('button', { name: `${en.book.bookNow}: ${book.bookName}` })).toBeVisible();

    // Its payment page says why it cannot be paid, in the server's words, and offers no card form.
    const refusal = await payRefusal(page, baseURL!, bookingId);
    await page.goto(`/dashboard/payment/${bookingId}`);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(en.payment.cannotPay);
    await expect(alert).toContainText(refusal);
    await expect(page.getByRole('button', { name: en.payment.pay, exact: true })).toHaveCount(0);
    await alert.getByRole('link', { name: en.payment.backToOrders }).click();

    // The ended order can be deleted.
    await row.getByRole('button', { name: m.deleteOrder({ book: book.bookName }) }).click();
    await page
      .getByRole('dialog', { name: en.dashboard.confirmDelete })
      .getByRole('button', { name: m.delete })
      .click();
    await expect(page.getByText(en.toast.deleted)).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('a payment that arrives after the seller cancelled is refunded: the payment page says so, My Orders shows Refunded', async ({
    booked: { book, seller, page, bookingId },
    baseURL,
  }) => {
    await page.goto(`/dashboard/payment/${bookingId}`);
    await expect(page.getByRole('button', { name: en.payment.pay, exact: true })).toBeEnabled();

    // The card is charged (say, from a second tab) just as the seller cancels the booking.
    await chargeThroughApi(page, baseURL!, bookingId);
    await cancelThroughApi(seller, baseURL!, bookingId, 'Sold it to a friend');

    // The open payment page goes on: the card step answers the charge, the record step is refused and refunded.
    await payWithCard(page, goodCard);
    await expect(page.getByRole('alert').filter({ hasText: 'This payment is being refunded' })).toBeVisible();
    await expect(page.getByText(en.payment.success)).toHaveCount(0);

    await page.goto('/dashboard/wishList');
    const row = orderRow(page, book.bookName);
    await expect(row.getByText(m.refunded, { exact: true })).toBeVisible();
    await expect(row).toContainText(m.refundedNote);
    await expect(row.getByRole('link', { name: m.payFor({ book: book.bookName }) })).toHaveCount(0);
    await expect(row.getByRole('button', { name: m.deleteOrder({ book: book.bookName }) })).toHaveCount(0);
    await expect(row.getByText(en.dashboard.paid, { exact: true })).toHaveCount(0);
  });

  test('the seller sees who booked a book and cancels the booking with a reason; the buyer sees Cancelled and why', async ({
    booked: { book, seller, page, buyer },
  }) => {
    const p = en.cancelBooking;

    // My Products, on a 390px-wide screen: the buyer, their phone, the meeting place and the pay-by time.
    await seller.setViewportSize({ width: 390, height: 844 });
    await seller.goto('/dashboard/myProducts');
    const product = productRow(seller, book.bookName);
    await expect(product).toContainText('Booked');
    const booking = product.getByTestId('booking');
    await expect(booking).toContainText(en.myProducts.booking.bookedBy({ buyer: buyer.name }));
    await expect(booking.getByRole('link', { name: '+1 555 0142' })).toHaveAttribute('href', 'tel:+15550142');
    await expect(booking).toContainText('City library');
    await expect(booking).toContainText(en.myProducts.booking.payBy);
    expect(await seller.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The dialog, by keyboard (it opens with the focus in the reason, Escape closes it); a reason is required.
    const cancelButton = product.getByRole('button', { name: `${p.action}: ${book.bookName}` });
    const dialog = seller.getByRole('dialog', { name: p.title({ book: book.bookName }) });
    const reason = dialog.getByLabel(p.reasonLabel);
    const required = 'say why you cancel this booking';
    await expectReasonDialogByKeyboard(seller, { opener: cancelButton, dialog, reason, send: p.action, required });

    await reason.fill('The book got water damage, sorry');
    await dialog.getByRole('button', { name: p.action }).click();
    await expect(seller.getByText(p.cancelled)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(product).toContainText('Available');
    await expect(product.getByTestId('booking')).toHaveCount(0);
    await expect(product.getByRole('button', { name: `${p.action}: ${book.bookName}` })).toHaveCount(0);

    // The buyer's My Orders, on a 390px-wide screen too: each order is a card, its state in view.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard/wishList');
    const row = orderRow(page, book.bookName);
    const state = row.getByText(m.cancelled, { exact: true });
    await expect(state).toBeVisible();
    const box = await state.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(row).toContainText(m.cancelledReason({ reason: 'The book got water damage, sorry' }));
    await expect(row.getByRole('link', { name: m.payFor({ book: book.bookName }) })).toHaveCount(0);
    await expect(row.getByRole('button', { name: m.deleteOrder({ book: book.bookName }) })).toBeVisible();
  });

  test('a cancel that comes too late shows the server’s answer in the dialog; My Products then shows the book sold and paid', async ({
    booked: { book, seller, page, buyer, bookingId },
    baseURL,
  }) => {
    const p = en.cancelBooking;

    await seller.goto('/dashboard/myProducts');
    const product = productRow(seller, book.bookName);
    await product.getByRole('button', { name: `${p.action}: ${book.bookName}` }).click();
    const dialog = seller.getByRole('dialog', { name: p.title({ book: book.bookName }) });
    await dialog.getByLabel(p.reasonLabel).fill('Changed my mind');

    await payThroughApi(page, baseURL!, bookingId); // the buyer pays first
    await dialog.getByRole('button', { name: p.action }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: p.keep }).click();
    await expect(dialog).toBeHidden();

    await expect(product).toContainText('Sold');
    await expect(product.getByTestId('booking')).toContainText(en.myProducts.booking.soldTo({ buyer: buyer.name }));
    await expect(product.getByTestId('booking')).toContainText(en.myProducts.booking.paid);
    // A sold book can no longer be cancelled, advertised or deleted: what is left is the handover at the meetup.
    await expect(product.getByRole('button')).toHaveText([en.handover.enterCode]);
  });
});
