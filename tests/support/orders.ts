import { eq } from 'drizzle-orm';
import { books } from '#server/db/schema/catalog.ts';
import { createBook, createCategory } from './factories.ts';
import { type FakeStripe, fakeStripeKeys, startFakeStripe } from './fake-stripe.ts';
import { createTestApp, type TestApp, type TestUser } from './test-app.ts';
import { jsonOf } from './typed-client.ts';

type BookOverrides = Omit<Parameters<typeof createBook>[1], 'sellerId' | 'categoryId'>;

/** What the order tests start from: a test app with a verified seller and a category for their books. */
export async function openShop(envOverrides: Record<string, string> = {}) {
  const t = await createTestApp(envOverrides);
  const seller = await t.newUser('Seller', { verified: true });
  const categoryId = (await createCategory(t.db)).id;
  const newBook = (overrides: BookOverrides = {}) =>
    createBook(t.db, { sellerId: seller.id, categoryId, ...overrides });
  /** A new book of the seller's in a new category of its own (whose public list shows only it), and the category. */
  async function newBookInNewCategory() {
    const category = await createCategory(t.db);
    return { book: await createBook(t.db, { sellerId: seller.id, categoryId: category.id }), category };
  }
  /** A new buyer who has booked a new book of the seller's at `resalePriceCents`. */
  async function newBooking(resalePriceCents = 1250) {
    const buyer = await t.newUser('Buyer');
    const book = await newBook({ resalePriceCents });
    return { buyer, book, bookingId: await bookAs(t, buyer, book.id) };
  }
  async function bookStatus(id: string) {
    const [row] = await t.db.select({ status: books.status }).from(books).where(eq(books.id, id));
    return row?.status;
  }
  return { t, seller, newBook, newBookInNewCategory, newBooking, bookStatus };
}

export type Shop = Awaited<ReturnType<typeof openShop>>;

/** The shop with the Stripe provider, pointed at a local fake of the Stripe API; `close` ends both. */
export async function openStripeShop(): Promise<Shop & { stripe: FakeStripe; close: () => Promise<void> }> {
  const stripe = await startFakeStripe();
  const shop = await openShop({ ...fakeStripeKeys, STRIPE_API_URL: stripe.url });
  return {
    ...shop,
    stripe,
    close: async () => {
      await shop.t.close();
      await stripe.close();
    },
  };
}

export const futureExpiry = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

// These helpers take each step as a person would and answer what it made; a step that is refused throws (with
// the API's answer), and the tests assert what they are about.

/** Books a book through the API as `buyer`; answers the booking id. */
export async function bookAs(t: TestApp, buyer: TestUser, bookId: string, contact = '+1 555 0100'): Promise<string> {
  const res = await t.as(buyer).booking.$post({ json: { bookId, contact, meetinglocation: 'Cafe' } });
  return (await jsonOf(res, 200)).insertedId;
}

/** Opens a payment for a booking; answers the client secret. */
export async function startPaying(t: TestApp, buyer: TestUser, bookingId: string): Promise<string> {
  const res = await t.as(buyer)['create-payment-intent'].$post({ json: { bookingId } });
  return (await jsonOf(res, 200)).clientSecret;
}

/** The test provider's card step, as the payment page does it. */
export function confirmTestCard(t: TestApp, buyer: TestUser, clientSecret: string, cardNumber = '4242424242424242') {
  return t.as(buyer).payments.test.confirm.$post({
    json: { clientSecret, cardNumber, expiry: futureExpiry, cvc: cardNumber.startsWith('3') ? '1234' : '123' },
  });
}

/** The whole payment with the test card 4242…: intent, card, record. Answers the transaction and payment ids. */
export async function payInFull(t: TestApp, buyer: TestUser, bookingId: string) {
  const secret = await startPaying(t, buyer, bookingId);
  const { transactionId } = await jsonOf(await confirmTestCard(t, buyer, secret), 200);
  const recorded = await t
    .as(buyer)
    .payments.$post({ json: { bookingId, transactionId, price: 1, email: buyer.email } });
  return { transactionId, insertedId: (await jsonOf(recorded, 200)).insertedId };
}
