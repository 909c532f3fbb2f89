import { type Browser, expect, type Page, test } from '@playwright/test';
import { en, textsIn } from '#shared/i18n/english.ts';
import { createAccount } from './support/accounts.ts';
import { listBookThroughApi } from './support/listings.ts';

// The server draws a page's first view (server/features/seo/first-views.ts): the navbar, and for a book, a search and
// a seller the top of the page. The app then replaces it. Nothing a person sees may move when it does: the page's
// heading and its first cover stand where the app draws them, on a phone and on a wide screen.

/** What is compared on most pages: the heading and the first cover. */
const headingAndCover = { heading: 'main h1', cover: 'main img' };

/** Where the navbar and each of `parts` are drawn, rounded to the pixel. */
async function placesOn(page: Page, parts: Record<string, string>) {
  const place = async (selector: string) => {
    const box = await page.locator(selector).first().boundingBox();
    return box && [box.x, box.y, box.width, box.height].map(Math.round);
  };
  const places: Record<string, number[] | null> = { navbar: await place('header') };
  for (const [name, selector] of Object.entries(parts)) places[name] = await place(selector);
  return places;
}

/** The places as the server draws them (no scripts run) and as the app draws them. */
async function placesBeforeAndAfterTheApp(
  browser: Browser,
  baseURL: string,
  path: string,
  width: number,
  parts: Record<string, string> = headingAndCover,
) {
  const places = [];
  for (const javaScriptEnabled of [false, true]) {
    const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport: { width, height: 844 } });
    const page = await context.newPage();
    await page.goto(path);
    // Only the app draws the skip link: once it is there, the server's view is gone.
    if (javaScriptEnabled) await expect(page.locator('a[href="#main"]')).toBeAttached();
    else await expect(page.locator('a[href="#main"]')).toHaveCount(0);
    places.push(await placesOn(page, parts));
    await context.close();
  }
  return places;
}

const ar = textsIn('ar');

/**
 * A book listed by a seller of the test's own: other tests book and remove books while this one looks, and a seller
 * whose only book was just booked has no cover on their page.
 */
async function ownBook(page: Page, baseURL: string) {
  await createAccount(page.request, 'Seller');
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const id = await listBookThroughApi(page, baseURL, `First view ${tag}`, 'Poetry');
  const book = (await (await page.request.get(`/api/books/item/${id}`)).json()) as { sellerId: string };
  return { _id: id, sellerId: book.sellerId, booksCategory: 'Poetry' };
}

test.describe("the server's first view", () => {
  test('a book, a category search and a seller are drawn where the app draws them, on a phone and a wide screen', async ({
    browser,
    page,
    baseURL,
  }) => {
    // Six pages, each loaded twice.
    test.setTimeout(60_000);
    const book = await ownBook(page, baseURL!);
    const pages: [string, number[]][] = [
      [`/books/${book._id}`, [390, 1280]],
      [`/ar/books/${book._id}`, [390]],
      [`/search?category=${encodeURIComponent(book.booksCategory)}`, [390]],
      [`/sellers/${book.sellerId}`, [390, 1280]],
    ];
    for (const [path, widths] of pages) {
      for (const width of widths) {
        const [server, app] = await placesBeforeAndAfterTheApp(browser, baseURL!, path, width);
        expect(server!.heading, `${path} at ${width}px`).not.toBeNull();
        expect(server!.cover, `${path} at ${width}px`).not.toBeNull();
        expect(server, `${path} at ${width}px`).toEqual(app);
      }
    }
  });

  test('Home’s banner, its largest text on a phone, is drawn where the app draws it, in English and in Arabic', async ({
    browser,
    baseURL,
  }) => {
    const parts = { heading: 'main h1', tagline: 'main h1 + p', button: 'main a[href="#categories"]' };
    for (const [path, width] of [
      ['/', 390],
      ['/', 1280],
      ['/ar', 390],
    ] as const) {
      const [server, app] = await placesBeforeAndAfterTheApp(browser, baseURL!, path, width, parts);
      expect(server!.tagline, `${path} at ${width}px`).not.toBeNull();
      expect(server, `${path} at ${width}px`).toEqual(app);
    }
  });

  test('without scripts, the book page shows the book, the navbar is in the page’s language and its search works', async ({
    browser,
    page,
    baseURL,
  }) => {
    const book = await ownBook(page, baseURL!);
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const reader = await context.newPage();
    await reader.goto(`/ar/books/${book._id}`);
    await expect(reader.getByRole('link', { name: ar.brand })).toBeVisible();
    await expect(reader.getByRole('heading', { level: 1 })).toBeVisible();
    await reader.getByRole('searchbox', { name: ar.search.label }).fill('poems');
    await reader.getByRole('button', { name: ar.search.submit }).click();
    await expect(reader).toHaveURL(/\/ar\/search\?q=poems$/);
    await expect(reader.getByRole('heading', { level: 1 })).toBeVisible();
    await context.close();
  });

  test('what someone types in the search before the app draws is in the app’s search, with the focus and caret', async ({
    page,
  }) => {
    let release = () => {};
    const scriptsHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/about', { waitUntil: 'commit' });
    const search = page.getByRole('searchbox', { name: en.search.label });
    // The phone's search alone, once the stylesheet hides the wide screen's.
    await expect(search).toHaveCount(1);
    await search.pressSequentially('the hobbit');
    release();
    await expect(page.locator('a[href="#main"]')).toBeAttached();
    await expect(search).toHaveValue('the hobbit');
    await expect(search).toBeFocused();
    await page.keyboard.type(' again');
    await expect(search).toHaveValue('the hobbit again');
  });
});
