import { expect, type Page, test } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';
import { formatMoney } from '#shared/money.ts';
import { answerSessionLate, createAccount } from './support/accounts.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { listBookThroughApi } from './support/listings.ts';
import { goodCard, payWithCard } from './support/orders.ts';

// A buyer bundles three books of one seller on a phone (390 px): sees the seller's discount before booking, books
// them in one step, pays once, and the seller enters one handover code for the three (ADR 031).

const phone = { width: 390, height: 844 };
const wide = { width: 1280, height: 900 };
const h = en.handover;
const t = en.bundles;

async function signedInAs(browser: import('@playwright/test').Browser, baseURL: string, role: 'Buyer' | 'Seller') {
  const context = await browser.newContext({ baseURL, viewport: phone });
  const page = await context.newPage();
  const account = await createAccount(page.request, role, `Bundle ${role}`);
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
    headers: { origin: baseURL },
  });
  expect(res.ok()).toBe(true);
  return { page, account };
}

/** A full-page screenshot at both widths into .shots/, for a person to look at. */
async function shoot(page: Page, name: string) {
  for (const [label, size] of [
    ['390', phone],
    ['1280', wide],
  ] as const) {
    await page.setViewportSize(size);
    // From the top: a full-page shot of a scrolled page draws the sticky header over its middle.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `.shots/bundles-${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize(phone);
}

/** The page reaches past the screen's width (what a phone would scroll sideways). */
const widerThanScreen = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test('a buyer bundles 3 books on a phone, sees the discount, books and pays once; the seller enters one code', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { page: seller } = await signedInAs(browser, baseURL!, 'Seller');
  const stamp = Date.now().toString(36);
  const names = [`Bundle Dune ${stamp}`, `Bundle Emma ${stamp}`, `Bundle Ulysses ${stamp}`];
  const prices = [8, 6, 5];
  const ids: string[] = [];
  for (const [i, name] of names.entries())
    ids.push(await listBookThroughApi(seller, baseURL!, name, 'Fiction', prices[i]));
  const me = await (await seller.request.get('/api/users/me')).json();
  const sellerId = (me as { _id: string })._id;

  // The seller offers 10% off from 3 books, in My Products.
  await seller.goto('/dashboard/myProducts');
  const card = seller.getByTestId('bundle-discount');
  await expect(card).toContainText(t.discount.none);
  await card.getByLabel(t.discount.percent).fill('10');
  await card.getByLabel(t.discount.minBooks).fill('3');
  await card.getByRole('button', { name: t.discount.save }).click();
  await expect(card).toContainText(t.discount.current({ percent: 10, minBooks: 3 }));
  expect(await widerThanScreen(seller)).toBe(false);

  // The buyer finds the seller's page on a phone: the offer, and Add to a bundle on each book.
  const { page } = await signedInAs(browser, baseURL!, 'Buyer');
  await page.goto(`/sellers/${sellerId}`);
  await expect(page.getByTestId('bundle-offer')).toHaveText(t.offer({ percent: 10, minBooks: 3 }));
  await page.getByRole('button', { name: t.addAria({ book: names[0]! }) }).click();
  await page.getByRole('button', { name: t.addAria({ book: names[1]! }) }).click();
  await expect(page.getByTestId('bundle-bar')).toContainText(t.bar({ count: 2 }));
  await expect(page.getByRole('link', { name: t.addedAria({ book: names[0]! }) })).toBeVisible();
  expect(await widerThanScreen(page)).toBe(false);
  await expectNoSeriousViolations(page, 'the seller page with a bundle at 390 px');
  await shoot(page, 'seller-page');

  // The third from its own page.
  await page.goto(`/books/${ids[2]}`);
  await expect(page.getByTestId('bundle-offer')).toHaveText(t.offer({ percent: 10, minBooks: 3 }));
  await page.getByRole('button', { name: t.addAria({ book: names[2]! }) }).click();
  await expect(page.getByRole('link', { name: t.addedAria({ book: names[2]! }) })).toBeVisible();
  await page.getByRole('link', { name: t.addedAria({ book: names[2]! }) }).click();

  // The bundle: three books, the discount and the total before booking.
  await expect(page.getByRole('heading', { name: t.title, level: 1 })).toBeVisible();
  await expect(page.getByTestId('bundle-book')).toHaveCount(3);
  await expect(page.getByTestId('bundle-discount-line')).toContainText(t.discountLine({ percent: 10 }));
  await expect(page.getByTestId('bundle-discount-line')).toContainText(formatMoney(1.9, 'USD'));
  await expect(page.getByTestId('bundle-total')).toHaveText(formatMoney(17.1, 'USD'));
  expect(await widerThanScreen(page)).toBe(false);
  await expectNoSeriousViolations(page, 'the bundle page with three books at 390 px');
  await shoot(page, 'bundle-page');

  // One step: one phone number, one meeting place.
  await page.getByLabel(t.phone).fill('+1 555 0142');
  await page.getByLabel(t.meetingPlace).fill('City library steps');
  await page.getByRole('button', { name: t.bookIt({ count: 3 }) }).click();
  await expect(page.getByTestId('bundle-booked')).toContainText(t.booked);
  await shoot(page, 'booked');
  await page.getByRole('link', { name: t.payNow }).click();

  // One payment for the three.
  await expect(page.getByTestId('order-bundle')).toContainText(t.lineCount({ count: 3 }));
  await expect(page.getByText(t.pleasePay({ price: formatMoney(17.1, 'USD'), count: 3 }))).toBeVisible();
  await shoot(page, 'payment');
  await payWithCard(page, goodCard);
  await expect(page.getByText(en.payment.success)).toBeVisible();

  // My Orders: one order, its three books, one handover code.
  await page.goto('/dashboard/wishList');
  const orders = page.getByTestId('order');
  await expect(orders).toHaveCount(1);
  await expect(orders.getByTestId('order-bundle')).toContainText(names[1]!);
  const code = (await orders.getByTestId('handover-code').textContent()) ?? '';
  expect(code).toMatch(/^\d{6}$/);
  expect(await widerThanScreen(page)).toBe(false);
  await shoot(page, 'my-orders');

  // The seller: one booking on the bundle's first book, its other books pointing there; one code for the three.
  await seller.goto('/dashboard/myProducts');
  const lead = seller.getByTestId('my-product').filter({ hasText: names[0]! });
  await expect(lead.getByTestId('order-bundle')).toContainText(t.lineCount({ count: 3 }));
  for (const other of names.slice(1)) {
    await expect(seller.getByTestId('my-product').filter({ hasText: other }).getByTestId('bundle-part')).toHaveText(
      t.partOfBundle({ lead: names[0]! }),
    );
  }
  expect(await widerThanScreen(seller)).toBe(false);
  await expectNoSeriousViolations(seller, 'My Products with a bundle at 390 px');
  await shoot(seller, 'my-products');
  await lead.getByRole('button', { name: new RegExp(`^${h.enterCode}`) }).click();
  const dialog = seller.getByRole('dialog');
  await dialog.getByLabel(h.codeLabel).fill(code);
  await dialog.getByRole('button', { name: h.confirm }).click();
  await expect(seller.getByText(h.confirmed)).toBeVisible();
  await expect(lead.getByTestId('handover-state')).toHaveText(h.handedOver);
  await page.reload();
  await expect(orders.getByTestId('handover-state')).toHaveText(h.handedOver);
  await Promise.all([page.context().close(), seller.context().close()]);
});

test('a book of the bundle booked by someone else first: the bundle is refused naming it, then booked without it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { page: seller } = await signedInAs(browser, baseURL!, 'Seller');
  const stamp = Date.now().toString(36);
  const names = [`Taken A ${stamp}`, `Taken B ${stamp}`, `Taken C ${stamp}`];
  const ids: string[] = [];
  for (const name of names) ids.push(await listBookThroughApi(seller, baseURL!, name, 'Fiction', 5));
  const sellerId = ((await (await seller.request.get('/api/users/me')).json()) as { _id: string })._id;

  const { page } = await signedInAs(browser, baseURL!, 'Buyer');
  await page.goto(`/sellers/${sellerId}`);
  for (const name of names) await page.getByRole('button', { name: t.addAria({ book: name }) }).click();
  await page.getByTestId('bundle-bar').getByRole('link', { name: t.open }).click();
  await expect(page.getByTestId('bundle-total')).toHaveText(formatMoney(15, 'USD'));

  // Someone else books the second book while the buyer fills in the form.
  const { page: other } = await signedInAs(browser, baseURL!, 'Buyer');
  const booked = await other.request.post('/api/booking', {
    data: { bookId: ids[1], contact: '+1 555 0100' },
    headers: { origin: baseURL! },
  });
  expect(booked.status()).toBe(200);

  await page.getByLabel(t.phone).fill('+1 555 0142');
  await page.getByRole('button', { name: t.bookIt({ count: 3 }) }).click();
  await expect(page.getByRole('alert').filter({ hasText: t.notAvailable.one({ name: names[1]! }) })).toBeVisible();
  const taken = page.getByTestId('bundle-book').filter({ hasText: names[1]! });
  await expect(taken).toContainText(t.unavailable);
  await expect(page.getByTestId('bundle-total')).toHaveText(formatMoney(10, 'USD'));
  await shoot(page, 'refused');
  await page.getByRole('button', { name: t.removeUnavailable }).click();
  await expect(page.getByTestId('bundle-book')).toHaveCount(2);
  await page.getByRole('button', { name: t.bookIt({ count: 2 }) }).click();
  await expect(page.getByTestId('bundle-booked')).toContainText(t.booked);
  await Promise.all([page.context().close(), seller.context().close(), other.context().close()]);
});

test('Sign in to book, clicked while the page still checks who is signed in, leaves a signed-in buyer at the form', async ({
  browser,
  baseURL,
}) => {
  const { page: seller } = await signedInAs(browser, baseURL!, 'Seller');
  const stamp = Date.now().toString(36);
  const names = [`Early A ${stamp}`, `Early B ${stamp}`];
  for (const name of names) await listBookThroughApi(seller, baseURL!, name, 'Fiction', 5);
  const sellerId = ((await (await seller.request.get('/api/users/me')).json()) as { _id: string })._id;

  const { page } = await signedInAs(browser, baseURL!, 'Buyer');
  await page.goto(`/sellers/${sellerId}`);
  for (const name of names) await page.getByRole('button', { name: t.addAria({ book: name }) }).click();
  // The bundle's page loaded anew, its session's answer late.
  await answerSessionLate(page);
  await page.goto('/bundle');
  await page.getByRole('button', { name: t.signInToBook }).click();
  await expect(page.getByLabel(t.phone)).toBeVisible();
  await expect(page).toHaveURL(/\/bundle$/);
});
