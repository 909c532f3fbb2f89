import { expect, test } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';
import { answerSessionLate } from './support/accounts.ts';
import { listBookThroughApi } from './support/listings.ts';
import { bookThroughApi, goodCard, listedBookAndBuyer, newBuyerPage, payWithCard } from './support/orders.ts';
import { maxOpenHolds } from './support/server-config.ts';

test.describe('a buyer books a book and pays for it', () => {
  test('books from the category page, finds it in My Orders, pays with 4242 4242 4242 4242 and sees Paid', async ({
    browser,
    baseURL,
  }) => {
    // The whole journey, from the category page to the paid order in My Orders, in one test.
    test.setTimeout(60_000);
    const { book, page, buyer } = await listedBookAndBuyer(browser, baseURL!);

    await page.goto('/categoryBooks/Fiction');
    await page.getByRole('button', { name: `${en.book.bookNow}: ${book.bookName}` }).click();
    const dialog = page.getByRole('dialog', { name: en.booking.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(en.booking.email)).toHaveValue(buyer.email);
    await expect(dialog.getByLabel(en.booking.email)).not.toBeEditable();
    await expect(dialog.getByLabel(en.booking.name, { exact: true })).toHaveValue(buyer.name);
    await expect(dialog.getByLabel(en.booking.bookName)).toHaveValue(book.bookName);
    await expect(dialog.getByLabel(en.booking.price)).toHaveValue('$8.00');
    await expect(dialog.getByLabel(en.booking.price)).not.toBeEditable();

    await dialog.getByRole('button', { name: en.booking.confirm }).click();
    await expect(dialog.getByText(en.booking.phoneRequired)).toBeVisible();
    await dialog.getByLabel(en.booking.phone).fill('+1 555 0142');
    await dialog.getByLabel(new RegExp(en.booking.meetingLocation)).fill('Central station, north exit');
    await dialog.getByRole('button', { name: en.booking.confirm }).click();

    // Booked: the dialog says what comes next, paying now or later before the hold runs out.
    await expect(page.getByText(en.alert.booked)).toBeVisible();
    const booked = page.getByRole('dialog', { name: en.booking.bookedHeading });
    await expect(booked).toContainText(/We hold it for you until .+\. Unpaid by then, it goes back on sale\./);
    await expect(booked.getByRole('link', { name: en.booking.payNow })).toBeFocused();
    await booked.getByRole('button', { name: en.booking.payLater }).click();
    await expect(booked).toBeHidden();
    await expect(page.getByRole('button', { name: `${en.book.bookNow}: ${book.bookName}` })).toHaveCount(0);

    // The book's page tells its buyer it is their booking, with the time to pay by and the way to pay.
    await page.goto(`/books/${book.id}`);
    await expect(page.getByTestId('your-booking')).toContainText(/You booked this book\. Pay by .+ to buy it\./);
    await expect(page.getByTestId('your-booking').getByRole('link', { name: en.booking.payNow })).toBeVisible();

    await page.goto('/dashboard/wishList');
    await expect(page.getByRole('heading', { name: en.dashboard.myOrders })).toBeVisible();
    const row = page.getByTestId('order').filter({ hasText: book.bookName });
    await expect(row).toContainText('$8.00');
    await expect(row).toContainText('+1 555 0142');
    await expect(row).toContainText('Central station, north exit');

    await row.getByRole('link', { name: en.orders.payFor({ book: book.bookName }) }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: en.payment.paymentFor({ book: book.bookName }) })).toBeVisible();
    await expect(page.getByText(en.payment.pleasePay({ price: '$8.00' }))).toBeVisible();
    await expect(page.getByTestId('test-mode')).toContainText('4242 4242 4242 4242');

    await payWithCard(page, goodCard);
    await expect(page.getByText(en.payment.success)).toBeVisible();
    await expect(page.getByText(/Transaction id: pi_test_[0-9a-f]+/)).toBeVisible();
    await expect(page.getByText(en.alert.paymentSuccessful)).toBeVisible();
    // Paid: no more "Please Pay", and what comes next: the handover code, whom to meet, and how.
    const paid = page.getByTestId('paid-order');
    await expect(paid.getByRole('heading', { name: en.payment.nextHeading })).toBeVisible();
    await expect(paid.getByTestId('handover-code')).toHaveText(/^\d{6}$/);
    await expect(paid.getByTestId('seller-to-meet')).toContainText('+1 415 555 0199');
    await expect(paid.getByTestId('seller-to-meet')).toContainText('Test Town');
    await expect(page.getByText(en.payment.pleasePay({ price: '$8.00' }))).toHaveCount(0);

    await page.getByRole('link', { name: en.payment.backToOrders }).click();
    const paidRow = page.getByTestId('order').filter({ hasText: book.bookName });
    await expect(paidRow.getByTestId('seller-to-meet')).toContainText('+1 415 555 0199');
    await expect(paidRow).toContainText(/Order [0-9A-F]{8} · booked /);
    await expect(paidRow.getByText(en.dashboard.paid, { exact: true })).toBeVisible();
    await expect(paidRow.getByRole('link', { name: en.orders.payFor({ book: book.bookName }) })).toHaveCount(0);
    await expect(paidRow.getByRole('button', { name: en.orders.deleteOrder({ book: book.bookName }) })).toHaveCount(0);
  });

  test('Pay now in the booking dialog leads straight to the payment, on a phone', async ({ browser, baseURL }) => {
    const { book, page } = await listedBookAndBuyer(browser, baseURL!);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/books/${book.id}`);
    await page.getByRole('button', { name: en.book.bookNow }).click();
    const dialog = page.getByRole('dialog', { name: en.booking.title });
    await dialog.getByLabel(en.booking.phone).fill('+1 555 0150');
    await dialog.getByRole('button', { name: en.booking.confirm }).click();
    await page
      .getByRole('dialog', { name: en.booking.bookedHeading })
      .getByRole('link', { name: en.booking.payNow })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
    await expect(page.getByText(en.payment.pleasePay({ price: '$8.00' }))).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('payment-390.png'), fullPage: true });
  });

  test('Book Now clicked while the page still checks who is signed in opens the booking, not the sign-in', async ({
    browser,
    baseURL,
  }) => {
    const { book, page } = await listedBookAndBuyer(browser, baseURL!);
    // The session's answer comes late: the button is there before the app knows the buyer.
    await answerSessionLate(page);
    await page.goto(`/books/${book.id}`);
    await page.getByRole('button', { name: en.book.bookNow }).click();
    await expect(page.getByRole('dialog', { name: en.booking.title })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/books/${book.id}$`));
  });

  test('a book someone else booked first: the dialog shows the server’s message and keeps what was typed', async ({
    browser,
    baseURL,
  }) => {
    const { book, page } = await listedBookAndBuyer(browser, baseURL!);
    const { page: rival } = await newBuyerPage(browser, baseURL!);

    await page.goto('/categoryBooks/Fiction');
    await page.getByRole('button', { name: `${en.book.bookNow}: ${book.bookName}` }).click();
    const dialog = page.getByRole('dialog', { name: en.booking.title });
    await dialog.getByLabel(en.booking.phone).fill('+1 555 0199');
    await bookThroughApi(rival, baseURL!, book.id);
    await dialog.getByRole('button', { name: en.booking.confirm }).click();

    await expect(dialog.getByRole('alert')).toHaveText('Someone booked this book first');
    await expect(dialog.getByLabel(en.booking.phone)).toHaveValue('+1 555 0199');
    await dialog.getByRole('button', { name: en.booking.close }).click();
    await expect(dialog).toBeHidden();
  });

  test('a buyer holding the most unpaid bookings allowed: the dialog says to pay for or cancel one first', async ({
    browser,
    baseURL,
  }) => {
    const { book, page, seller } = await listedBookAndBuyer(browser, baseURL!);
    for (let i = 0; i < maxOpenHolds; i++) {
      const heldId = await listBookThroughApi(seller, baseURL!, `Held ${i} ${book.bookName}`, 'Fiction');
      await bookThroughApi(page, baseURL!, heldId);
    }

    await page.goto('/categoryBooks/Fiction');
    await page.getByRole('button', { name: `${en.book.bookNow}: ${book.bookName}` }).click();
    const dialog = page.getByRole('dialog', { name: en.booking.title });
    await dialog.getByLabel(en.booking.phone).fill('+1 555 0199');
    await dialog.getByRole('button', { name: en.booking.confirm }).click();

    await expect(dialog.getByRole('alert')).toHaveText(en.booking.tooManyHolds({ max: maxOpenHolds }));
    await expect(dialog.getByRole('alert')).toHaveText(
      'You can hold at most 3 unpaid bookings at once; pay for or cancel one first',
    );
    await expect(dialog.getByLabel(en.booking.phone)).toHaveValue('+1 555 0199');
  });

  test('the dialog closes with Escape and keeps focus inside while open', async ({ browser, baseURL }) => {
    const { book, page } = await listedBookAndBuyer(browser, baseURL!);
    await page.goto('/categoryBooks/Fiction');
    await page.getByRole('button', { name: `${en.book.bookNow}: ${book.bookName}` }).click();
    const dialog = page.getByRole('dialog', { name: en.booking.title });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: `${en.book.bookNow}: ${book.bookName}` })).toBeVisible();
  });
});
