import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';
import { demo, signedInPage } from './support/accounts.ts';
import { postThroughApi } from './support/api.ts';
import { axeFindings, describeFindings, type Finding } from './support/axe.ts';
import { declaredRoutes } from './support/declared-routes.ts';
import { listBookThroughApi } from './support/listings.ts';
import { bookThroughApi, newBuyerPage, payThroughApi } from './support/orders.ts';

type Role = 'visitor' | 'buyer' | 'seller' | 'admin';

const everyone: Role[] = ['visitor', 'buyer', 'seller', 'admin'];
const signedIn: Role[] = ['buyer', 'seller', 'admin'];
/**
 * The pages whose content is the same for everyone: a signed-out visitor and a signed-in buyer check them (the navbar
 * is the part that changes once signed in, and every role's navbar is checked on Home and its dashboard pages).
 */
const sameForEveryone: Role[] = ['visitor', 'buyer'];

/** A signed-in (or signed-out) user's page, and what is needed to make data for it. */
interface As {
  role: Role;
  page: Page;
  browser: Browser;
  baseURL: string;
}

interface PageCase {
  /** The route as the router declares it. */
  route: string;
  /** Who is shown the page (anyone else is sent to /login). */
  who: Role[];
  /** The address; a function first makes what the page should show, then answers it. */
  url: string | ((as: As) => Promise<string>);
  /** What is on screen once the page's data has loaded. */
  ready: (page: Page) => Locator;
  /** What to do before the check, to show more of the page. */
  show?: (page: Page) => Promise<void>;
}

const heading = (name: string) => (page: Page) => page.getByRole('heading', { level: 1, name, exact: true });
const testId = (id: string) => (page: Page) => page.getByTestId(id).first();
const firstRow = (page: Page) => page.getByRole('row').nth(1);
const firstBook = (page: Page) => page.getByRole('main').getByRole('article').first();
const advertisedBook = (page: Page) =>
  page.getByRole('region', { name: en.home.advertisedHeading }).getByRole('article').first();
// The sign-in button waits for the list of sign-in providers, the category list for the categories.
const signInProviders = (page: Page) =>
  page.getByRole('button', { name: en.auth.continueWithGoogle }).and(page.locator(':enabled'));
const categoryChoice = (page: Page) => page.getByLabel(en.addBook.labels.booksCategory).and(page.locator(':enabled'));
const payButton = (page: Page) => page.getByRole('button', { name: en.payment.pay, exact: true });
const routeNotFound = (page: Page) => page.getByText(en.dashboard.routeNotFound);
const messageBox = (page: Page) => page.getByRole('textbox', { name: /^Write to / });
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
const pages: PageCase[] = [
  { route: '/', who: everyone, url: '/', ready: advertisedBook },
  { route: '/blogs', who: sameForEveryone, url: '/blogs', ready: heading('Blogs') },
  {
    route: '/about',
    who: sameForEveryone,
    url: '/about',
    ready: heading('The books on our shelves'),
    show: showAllBooks,
  },
  { route: '/help/:topic', who: sameForEveryone, url: '/help/meetup-safety', ready: heading('Meet-up safety') },
  { route: '/login', who: sameForEveryone, url: '/login', ready: signInProviders },
  { route: '/signup', who: sameForEveryone, url: '/signup', ready: signInProviders },
  {
    route: '/forgot-password',
    who: sameForEveryone,
    url: '/forgot-password',
    ready: heading(en.recovery.forgotHeading),
  },
  {
    route: '/reset-password',
    who: sameForEveryone,
    url: '/reset-password?token=t',
    ready: heading(en.recovery.resetHeading),
  },
  {
    route: '/email-confirmed',
    who: sameForEveryone,
    url: '/email-confirmed',
    ready: heading(en.recovery.confirmedHeading),
  },
  {
    route: '/unsubscribe',
    who: sameForEveryone,
    url: '/unsubscribe?token=t.orders.s',
    ready: heading(en.mail.heading),
  },
  { route: '/categoryBooks/:name', who: signedIn, url: '/categoryBooks/Fiction', ready: firstBook },
  { route: '/search', who: everyone, url: '/search?q=history', ready: firstBook },
  { route: '/books/:id', who: everyone, url: aBookPage, ready: pageHeading },
  { route: '/sellers/:id', who: everyone, url: aSellerPage, ready: pageHeading },
  // An empty bundle here; tests/e2e/bundles-phone.spec.ts checks the bundle page with three books in it.
  { route: '/bundle', who: sameForEveryone, url: '/bundle', ready: heading(en.bundles.title) },
  { route: '/*', who: sameForEveryone, url: '/no/such/page', ready: heading('This page is not on our shelves') },
  { route: '/dashboard', who: signedIn, url: '/dashboard', ready: heading(en.dashboard.link) },
  {
    route: '/dashboard/profile',
    who: signedIn,
    url: '/dashboard/profile',
    ready: heading(en.profile.heading),
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
  { route: '/dashboard/shelf', who: ['seller'], url: '/dashboard/shelf', ready: heading(en.shelf.heading) },
  { route: '/dashboard/drafts', who: ['seller'], url: withDraft, ready: testId('draft') },
  { route: '/dashboard/wishList', who: ['buyer'], url: withOrder, ready: testId('order') },
  { route: '/dashboard/payment/:id', who: ['buyer'], url: withOrderToPay, ready: payButton },
  { route: '/dashboard/wanted', who: signedIn, url: withWantedEntry, ready: testId('wanted-entry') },
  {
    route: '/dashboard/notifications',
    who: signedIn,
    url: '/dashboard/notifications',
    ready: heading(en.notifications.heading),
  },
  { route: '/dashboard/get-paid', who: ['seller'], url: '/dashboard/get-paid', ready: testId('payout-state') },
  { route: '/dashboard/earnings', who: ['seller'], url: '/dashboard/earnings', ready: testId('earnings-totals') },
  { route: '/dashboard/payouts', who: ['admin'], url: '/dashboard/payouts', ready: heading('Payouts') },
  { route: '/dashboard/messages', who: signedIn, url: withConversationList, ready: testId('conversation') },
  { route: '/dashboard/messages/:id', who: signedIn, url: withConversation, ready: testId('message') },
  { route: '/dashboard/messages/open', who: signedIn, url: withNewConversation, ready: messageBox },
  { route: '/dashboard/*', who: signedIn, url: '/dashboard/no-such-page', ready: routeNotFound },
];

const widths = [1280, 390];
const schemesAt = (width: number) => (width < 768 ? (['light', 'dark'] as const) : (['light'] as const));

async function showAllBooks(page: Page) {
  await page.getByRole('button', { name: en.about.showAllBooks }).click();
  await expect(page.getByText(/Showing \d+ of \d+ available books/)).toBeVisible();
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

test.describe('every page passes axe-core, as each kind of user sees it', () => {
  test.describe.configure({ mode: 'parallel' });

  test('the list of pages names every route the router declares', () => {
    const listed = [...new Set(pages.map((page) => page.route))].sort();
    expect(listed, 'add the missing route(s) to `pages` in this file (and remove the ones that went)').toEqual(
      declaredRoutes(),
    );
  });

  // One test per kind of user and width (eight, shared out among the workers), each with one signed-in page.
  for (const role of everyone) {
    for (const width of widths) {
      const seen = pages.filter((page) => page.who.includes(role));
      const who = {
        visitor: 'a signed-out visitor',
        buyer: 'a new buyer',
        seller: 'the demo seller',
        admin: 'the demo admin',
      }[role];
      const schemes = schemesAt(width);

      test(`no serious or critical violation on the ${seen.length} pages ${who} sees, ${width} px wide, ${schemes.join(' and ')}`, async ({
        browser,
        baseURL,
      }) => {
        test.setTimeout(30_000 + seen.length * 12_000);
        // A buyer of its own for each width: the two tests run at once, and each holds unpaid bookings for its pages,
        // which one buyer may hold only a few of.
        const page =
          role === 'visitor'
            ? await (await browser.newContext({ baseURL })).newPage()
            : role === 'buyer'
              ? (await newBuyerPage(browser, baseURL!)).page
              : await signedInPage(browser, baseURL!, demo[role]);
        await page.setViewportSize({ width, height: 844 });
        const all: (Finding & { where: string })[] = [];
        const failures: string[] = [];

        for (const entry of seen) {
          const url =
            typeof entry.url === 'string' ? entry.url : await entry.url({ role, page, browser, baseURL: baseURL! });
          await test.step(`${url} at ${width}px`, async () => {
            await page.goto(url);
            await expect(entry.ready(page)).toBeVisible({ timeout: 15_000 });
            await entry.show?.(page);
            await expect(page.locator('.loading')).toHaveCount(0);
            // On a phone's width, the same page again in the dark colour scheme a phone may ask for (the theme follows
            // the media query live; the colours are the same at every width), checked by the rules colours decide.
            for (const colorScheme of schemes) {
              await page.emulateMedia({ colorScheme });
              // Buttons and links fade between the schemes' colours: check them once the fades have ended.
              await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
              const where = `${who}, ${width}px, ${colorScheme}, ${entry.route} (${url})`;
              const findings = await axeFindings(page, { coloursOnly: colorScheme === 'dark' });
              all.push(...findings.map((finding) => ({ ...finding, where })));
              failures.push(
                ...describeFindings(
                  where,
                  findings.filter((finding) => finding.failing),
                ),
              );
            }
            await page.emulateMedia({ colorScheme: 'light' });
          });
        }

        await test
          .info()
          .attach('axe findings', { body: JSON.stringify(all, null, 2), contentType: 'application/json' });
        expect(failures, `serious or critical axe violations:\n${failures.join('\n')}`).toEqual([]);
        await page.context().close();
      });
    }
  }
});
