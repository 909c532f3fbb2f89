import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import type { Texts } from '#shared/i18n/texts.ts';
import { demo, signedInPage } from './accounts.ts';
import { postThroughApi } from './api.ts';
import { listBookThroughApi } from './listings.ts';
import { bookThroughApi, newBuyerPage, payThroughApi } from './orders.ts';

// Every page of the web app, as each kind of user is shown it, with what makes its data: the pages the axe-core specs
// and the pseudo-locale's run (untranslated-texts.spec.ts) visit. `ready` and `show` find the page's texts in the
// texts they are given (English, or the pseudo-locale's).

export type Role = 'visitor' | 'buyer' | 'seller' | 'admin';

export const everyone: Role[] = ['visitor', 'buyer', 'seller', 'admin'];

/** How a spec names each kind of user. */
export const whoIs: Record<Role, string> = {
  visitor: 'a signed-out visitor',
  buyer: 'a new buyer',
  seller: 'the demo seller',
  admin: 'the demo admin',
};

/**
 * A page as `role`: signed out, a buyer of its own (a spec's tests run at once, and each holds unpaid bookings for
 * its pages, which one buyer may hold only a few of), or the demo seller or admin.
 */
export async function pageAs(role: Role, browser: Browser, baseURL: string): Promise<Page> {
  if (role === 'visitor') return (await browser.newContext({ baseURL })).newPage();
  if (role === 'buyer') return (await newBuyerPage(browser, baseURL)).page;
  return signedInPage(browser, baseURL, demo[role]);
}
const signedIn: Role[] = ['buyer', 'seller', 'admin'];
/**
 * The pages whose content is the same for everyone: a signed-out visitor and a signed-in buyer check them (the navbar
 * is the part that changes once signed in, and every role's navbar is checked on Home and its dashboard pages).
 */
const sameForEveryone: Role[] = ['visitor', 'buyer'];

/** A signed-in (or signed-out) user's page, and what is needed to make data for it. */
export interface As {
  role: Role;
  page: Page;
  browser: Browser;
  baseURL: string;
}

export interface PageCase {
  /** The route as the router declares it. */
  route: string;
  /** Who is shown the page (anyone else is sent to /login). */
  who: Role[];
  /** The address; a function first makes what the page should show, then answers it. */
  url: string | ((as: As) => Promise<string>);
  /** What is on screen once the page's data has loaded. */
  ready: (page: Page, t: Texts) => Locator;
  /** What to do before the check, to show more of the page. */
  show?: (page: Page, t: Texts) => Promise<void>;
}

const heading = (name: (t: Texts) => string) => (page: Page, t: Texts) =>
  page.getByRole('heading', { level: 1, name: name(t), exact: true });
const testId = (id: string) => (page: Page) => page.getByTestId(id).first();
const firstRow = (page: Page) => page.getByRole('row').nth(1);
const firstBook = (page: Page) => page.getByRole('main').getByRole('article').first();
const advertisedBook = (page: Page, t: Texts) =>
  page.getByRole('region', { name: t.home.advertisedHeading }).getByRole('article').first();
// The sign-in button waits for the list of sign-in providers, the category list for the categories.
const signInProviders = (page: Page, t: Texts) =>
  page.getByRole('button', { name: t.auth.continueWithGoogle }).and(page.locator(':enabled'));
const categoryChoice = (page: Page, t: Texts) =>
  page.getByLabel(t.addBook.labels.booksCategory).and(page.locator(':enabled'));
const payButton = (page: Page, t: Texts) => page.getByRole('button', { name: t.payment.pay, exact: true });
const routeNotFound = (page: Page, t: Texts) => page.getByText(t.dashboard.routeNotFound);
const messageBox = (page: Page) => page.getByRole('main').getByRole('textbox');
const pageHeading = (page: Page) => page.getByRole('heading', { level: 1 }).first();

/** The page of a listed demo book. */
async function aBookPage({ page }: As) {
  const res = await page.request.get('/api/allbooks?limit=1');
  const [book] = (await res.json()) as { _id: string }[];
  return `/books/${book!._id}`;
}

/** The page of the seller of a listed demo book. */
async function aSellerPage({ page }: As) {
  const res = await page.request.get('/api/allbooks?limit=1');
  const [book] = (await res.json()) as { sellerId: string }[];
  return `/sellers/${book!.sellerId}`;
}

/** Every page of the web app, one line each. A route of the router missing here fails the first test. */
export const pages: PageCase[] = [
  { route: '/', who: everyone, url: '/', ready: advertisedBook },
  { route: '/blogs', who: sameForEveryone, url: '/blogs', ready: heading((t) => t.blogs.heading) },
  {
    route: '/about',
    who: sameForEveryone,
    url: '/about',
    ready: heading((t) => t.about.heading),
    show: showAllBooks,
  },
  {
    route: '/help/:topic',
    who: sameForEveryone,
    url: '/help/meetup-safety',
    ready: heading((t) => t.helpTopics.meetupSafety.title),
  },
  { route: '/login', who: sameForEveryone, url: '/login', ready: signInProviders },
  { route: '/signup', who: sameForEveryone, url: '/signup', ready: signInProviders },
  {
    route: '/forgot-password',
    who: sameForEveryone,
    url: '/forgot-password',
    ready: heading((t) => t.recovery.forgotHeading),
  },
  {
    route: '/reset-password',
    who: sameForEveryone,
    url: '/reset-password?token=t',
    ready: heading((t) => t.recovery.resetHeading),
  },
  {
    route: '/email-confirmed',
    who: sameForEveryone,
    url: '/email-confirmed',
    ready: heading((t) => t.recovery.confirmedHeading),
  },
  {
    route: '/unsubscribe',
    who: sameForEveryone,
    url: '/unsubscribe?token=t.orders.s',
    ready: heading((t) => t.mail.heading),
  },
  { route: '/categoryBooks/:name', who: signedIn, url: '/categoryBooks/Fiction', ready: firstBook },
  { route: '/search', who: everyone, url: '/search?q=history', ready: firstBook },
  { route: '/books/:id', who: everyone, url: aBookPage, ready: pageHeading },
  { route: '/sellers/:id', who: everyone, url: aSellerPage, ready: pageHeading },
  // An empty bundle here; tests/e2e/bundles-phone.spec.ts checks the bundle page with three books in it.
  { route: '/bundle', who: sameForEveryone, url: '/bundle', ready: heading((t) => t.bundles.title) },
  { route: '/*', who: sameForEveryone, url: '/no/such/page', ready: heading((t) => t.notFound.heading) },
  { route: '/dashboard', who: signedIn, url: '/dashboard', ready: heading((t) => t.dashboard.link) },
  {
    route: '/dashboard/profile',
    who: signedIn,
    url: '/dashboard/profile',
    ready: heading((t) => t.profile.heading),
  },
  { route: '/dashboard/allusers', who: ['admin'], url: '/dashboard/allusers', ready: firstRow },
  { route: '/dashboard/allbuyers', who: ['admin'], url: '/dashboard/allbuyers', ready: firstRow },
  { route: '/dashboard/allsellers', who: ['admin'], url: '/dashboard/allsellers', ready: firstRow },
  { route: '/dashboard/reportedItem', who: ['admin'], url: withReportedItem, ready: testId('reported-item') },
  { route: '/dashboard/addsell', who: ['seller'], url: '/dashboard/addsell', ready: categoryChoice },
  { route: '/dashboard/myProducts', who: ['seller'], url: withBookedProduct, ready: testId('booking') },
  {
    route: '/dashboard/editBook/:id',
    who: ['seller'],
    url: async (as) => `/dashboard/editBook/${await newListing(as)}`,
    ready: testId('chosen-photo'),
  },
  { route: '/dashboard/shelf', who: ['seller'], url: '/dashboard/shelf', ready: heading((t) => t.shelf.heading) },
  { route: '/dashboard/drafts', who: ['seller'], url: withDraft, ready: testId('draft') },
  { route: '/dashboard/wishList', who: ['buyer'], url: withOrder, ready: testId('order') },
  { route: '/dashboard/payment/:id', who: ['buyer'], url: withOrderToPay, ready: payButton },
  { route: '/dashboard/wanted', who: signedIn, url: withWantedEntry, ready: testId('wanted-entry') },
  {
    route: '/dashboard/notifications',
    who: signedIn,
    url: '/dashboard/notifications',
    ready: heading((t) => t.notifications.heading),
  },
  { route: '/dashboard/get-paid', who: ['seller'], url: '/dashboard/get-paid', ready: testId('payout-state') },
  { route: '/dashboard/earnings', who: ['seller'], url: '/dashboard/earnings', ready: testId('earnings-totals') },
  {
    route: '/dashboard/payouts',
    who: ['admin'],
    url: '/dashboard/payouts',
    ready: heading((t) => t.payouts.adminHeading),
  },
  { route: '/dashboard/messages', who: signedIn, url: withConversationList, ready: testId('conversation') },
  { route: '/dashboard/messages/:id', who: signedIn, url: withConversation, ready: testId('message') },
  { route: '/dashboard/messages/open', who: signedIn, url: withNewConversation, ready: messageBox },
  { route: '/dashboard/*', who: signedIn, url: '/dashboard/no-such-page', ready: routeNotFound },
];

async function showAllBooks(page: Page, t: Texts) {
  const showAll = page.getByRole('button', { name: t.about.showAllBooks });
  await showAll.click();
  await expect(showAll).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('article').nth(1)).toBeVisible();
}

/**
 * A new book of the demo seller's, listed through the API, for the pages below to show booked or reported (in a
 * category no other spec pages through).
 */
async function newListing({ role, page, browser, baseURL }: As) {
  const seller = role === 'seller' ? page : await signedInPage(browser, baseURL, demo.seller);
  const name = `Accessibility ${role} ${Date.now().toString(36)}`;
  const bookId = await listBookThroughApi(seller, baseURL, name, 'Children');
  if (seller !== page) await seller.context().close();
  return bookId;
}

/** Someone else (a new buyer) does something with the book, through the API. */
async function byAnotherBuyer(as: As, act: (buyer: Page, bookId: string) => Promise<unknown>) {
  const bookId = await newListing(as);
  const other = await newBuyerPage(as.browser, as.baseURL);
  await act(other.page, bookId);
  await other.page.context().close();
}

/** The buyer's own booking, made just before its page opens (a booking holds its book for 30 seconds here). */
async function bookingOfTheBuyer(as: As) {
  return bookThroughApi(as.page, as.baseURL, await newListing(as));
}

async function withOrderToPay(as: As) {
  return `/dashboard/payment/${await bookingOfTheBuyer(as)}`;
}

async function withOrder(as: As) {
  // A paid order shows its handover code and state.
  await payThroughApi(as.page, as.baseURL, await bookingOfTheBuyer(as));
  await bookingOfTheBuyer(as);
  return '/dashboard/wishList';
}

async function withBookedProduct(as: As) {
  // A sold book awaiting its handover shows 'Enter handover code'.
  await byAnotherBuyer(as, async (buyer, bookId) =>
    payThroughApi(buyer, as.baseURL, await bookThroughApi(buyer, as.baseURL, bookId)),
  );
  await byAnotherBuyer(as, (buyer, bookId) => bookThroughApi(buyer, as.baseURL, bookId));
  return '/dashboard/myProducts';
}

/** A saved search on the user's Wanted list, with a filter, so that the page shows both. */
async function withWantedEntry({ page, baseURL }: As) {
  const search = { q: `rare ${Date.now().toString(36)}`, condition: 'Good', maxPrice: '12' };
  await postThroughApi(page, baseURL, '/api/wanted', { search }, 201);
  return '/dashboard/wanted';
}

/** A draft of the demo seller's, from a shelf import of one ISBN the demo catalogue does not list (a draft already after the first run). */
async function withDraft({ page, baseURL }: As) {
  const { _id } = await postThroughApi<{ _id: string }>(
    page,
    baseURL,
    '/api/shelf/imports',
    { text: '9780143105428' },
    202,
  );
  await expect(async () => {
    const res = await page.request.get(`/api/shelf/imports/${_id}`);
    expect(((await res.json()) as { state: string }).state).toBe('done');
  }).toPass({ timeout: 10_000 });
  return '/dashboard/drafts';
}

/**
 * A conversation of the user's about a new book, with a message each way: a new buyer asks the seller about their
 * book, anyone else asks the demo seller. Answers its id.
 */
async function withConversation(as: As) {
  const ask = async (asker: Page, bookId: string) => {
    const { id } = await postThroughApi<{ id: string }>(asker, as.baseURL, '/api/conversations', { bookId });
    const say = { text: 'Is the dust jacket there? See https://example.test/photo' };
    await postThroughApi(asker, as.baseURL, `/api/conversations/${id}/messages`, say, 201);
    return id;
  };
  let id = '';
  if (as.role === 'seller') await byAnotherBuyer(as, async (buyer, bookId) => (id = await ask(buyer, bookId)));
  else id = await ask(as.page, await newListing(as));
  const answer = { text: 'Yes, it is there, a little worn at the top.' };
  if (as.role !== 'seller') {
    const seller = await signedInPage(as.browser, as.baseURL, demo.seller);
    await postThroughApi(seller, as.baseURL, `/api/conversations/${id}/messages`, answer, 201);
    await seller.context().close();
  } else {
    await postThroughApi(as.page, as.baseURL, `/api/conversations/${id}/messages`, answer, 201);
  }
  return `/dashboard/messages/${id}`;
}

async function withConversationList(as: As) {
  await withConversation(as);
  return '/dashboard/messages';
}

/** "Ask the seller" about a new book of the demo seller's: an empty conversation (a new seller asks as a buyer). */
async function withNewConversation(as: As) {
  const seller = await signedInPage(as.browser, as.baseURL, demo.newSeller);
  const name = `Accessibility ask ${as.role} ${Date.now().toString(36)}`;
  const bookId = await listBookThroughApi(seller, as.baseURL, name, 'Children');
  await seller.context().close();
  return `/dashboard/messages/open?book=${bookId}`;
}

async function withReportedItem(as: As) {
  await byAnotherBuyer(as, async (buyer, bookId) => {
    const res = await buyer.request.put(`/api/books/report/${bookId}`, {
      data: { reason: 'Reported by the accessibility test' },
      headers: { origin: as.baseURL },
    });
    expect(res.ok()).toBe(true);
  });
  // A reported message too, with the messages around it.
  await byAnotherBuyer(as, async (buyer, bookId) => {
    const { id } = await postThroughApi<{ id: string }>(buyer, as.baseURL, '/api/conversations', { bookId });
    const ask = { text: 'Would you take half the price?' };
    await postThroughApi(buyer, as.baseURL, `/api/conversations/${id}/messages`, ask, 201);
    const seller = await signedInPage(as.browser, as.baseURL, demo.seller);
    const rude = { text: 'Not a chance, go away.' };
    const { id: messageId } = await postThroughApi<{ id: number }>(
      seller,
      as.baseURL,
      `/api/conversations/${id}/messages`,
      rude,
      201,
    );
    await seller.context().close();
    const res = await buyer.request.put(`/api/messages/${messageId}/report`, {
      data: { reason: 'Rude answer' },
      headers: { origin: as.baseURL },
    });
    expect(res.ok()).toBe(true);
  });
  return '/dashboard/reportedItem';
}
