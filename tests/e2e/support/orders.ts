import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, Page } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';
import { createAccount, demo, signedInPage } from './accounts.ts';
import { postThroughApi } from './api.ts';
import { listBookThroughApi } from './listings.ts';
import { handoverPeriodSeconds } from './server-config.ts';

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

/**
 * A new Fiction book the demo seller lists (through the API), the seller's page, and a brand-new buyer's page to
 * book it with.
 */
export async function listedBookAndBuyer(browser: Browser, baseURL: string, resalePrice = 8) {
  const seller = await signedInPage(browser, baseURL, demo.seller);
  const bookName = `Orders test ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const book = { id: await listBookThroughApi(seller, baseURL, bookName, 'Fiction', resalePrice), bookName };
  return { book, seller, ...(await newBuyerPage(browser, baseURL)) };
}

/** `listedBookAndBuyer`, the book then booked by the buyer through the API: also answers the booking id. */
export async function bookedBookAndBuyer(browser: Browser, baseURL: string, resalePrice?: number) {
  const listed = await listedBookAndBuyer(browser, baseURL, resalePrice);
  return { ...listed, bookingId: await bookThroughApi(listed.page, baseURL, listed.book.id) };
}

/** Books a book as the page's user through the API; answers the booking id. */
export async function bookThroughApi(page: Page, baseURL: string, bookId: string) {
  const data = { bookId, contact: '+1 555 0142', meetinglocation: 'City library' };
  return (await postThroughApi<{ insertedId: string }>(page, baseURL, '/api/booking', data)).insertedId;
}

/** Fills the test provider's card form and presses Pay. */
export async function payWithCard(page: Page, card: { number: string; expiry: string; cvc: string }) {
  await page.getByLabel(en.payment.cardNumber).fill(card.number);
  await page.getByLabel(en.payment.expiry).fill(card.expiry);
  await page.getByLabel(en.payment.cvc).fill(card.cvc);
  await page.getByRole('button', { name: en.payment.pay, exact: true }).click();
}

/** Opens (or reuses) the booking's payment through the API, as its payment page does; answers the client secret. */
export async function paymentIntentThroughApi(page: Page, baseURL: string, bookingId: string) {
  const path = '/api/create-payment-intent';
  return (await postThroughApi<{ clientSecret: string }>(page, baseURL, path, { bookingId })).clientSecret;
}

/** Charges the test card for the booking's open payment through the API, without recording it; answers its id. */
export async function chargeThroughApi(page: Page, baseURL: string, bookingId: string) {
  const clientSecret = await paymentIntentThroughApi(page, baseURL, bookingId);
  const card = { clientSecret, cardNumber: goodCard.number, expiry: goodCard.expiry, cvc: goodCard.cvc };
  return (await postThroughApi<{ transactionId: string }>(page, baseURL, '/api/payments/test/confirm', card))
    .transactionId;
}

/** Pays for the booking through the API: the charge, then its record (the booking is Paid, the book Sold). */
export async function payThroughApi(page: Page, baseURL: string, bookingId: string) {
  const transactionId = await chargeThroughApi(page, baseURL, bookingId);
  await postThroughApi(page, baseURL, '/api/payments', { bookingId, transactionId });
}

/**
 * Pays for the booking through the API, then waits out HANDOVER_PERIOD (it starts when the payment is recorded):
 * from then on its buyer may report a problem.
 */
export async function payAndWaitOutHandoverPeriod(page: Page, baseURL: string, bookingId: string) {
  await payThroughApi(page, baseURL, bookingId);
  await sleep(handoverPeriodSeconds * 1000 + 100);
}

/** The buyer (the page's user) reports through the API that a paid order was not handed over. */
export async function reportProblemThroughApi(page: Page, baseURL: string, bookingId: string, reason: string) {
  await postThroughApi(page, baseURL, `/api/handovers/${bookingId}/problem`, { reason });
}

/** The seller (the page's user) cancels a booking of their book through the API, saying why. */
export async function cancelThroughApi(seller: Page, baseURL: string, bookingId: string, reason: string) {
  await postThroughApi(seller, baseURL, `/api/booking/${bookingId}/cancel`, { reason });
}
