import { type Browser, expect, type Page, test } from '@playwright/test';
import { en, textsIn } from '#shared/i18n/english.ts';
import { createAccount } from './support/accounts.ts';
import { listBookThroughApi } from './support/listings.ts';

// The server draws a page's first view (server/features/seo/first-views.ts): the navbar, and for a book, a search and
// a seller the top of the page. The app then replaces it. Nothing a person sees may move when it does: the page's
// heading and its first cover stand where the app draws them, on a phone and on a wide screen.

/** Where the page's heading and first cover are drawn, rounded to the pixel. */
async function placesOn(page: Page) {
  const place = async (selector: string) => {
    const box = await page.locator(selector).first().boundingBox();
    return box && [box.x, box.y, box.width, box.height].map(Math.round);
  };
  return { navbar: await place('header'), heading: await place('main h1'), cover: await place('main img') };
}

/** The places as the server draws them (no scripts run) and as the app draws them. */
async function placesBeforeAndAfterTheApp(browser: Browser, baseURL: string, path: string, width: number) {
  const places = [];
  for (const javaScriptEnabled of [false, true]) {
    const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport: { width, height: 844 } });
    const page = await context.newPage();
    await page.goto(path);
    // Only the app draws the skip link: once it is there, the server's view is gone.
    if (javaScriptEnabled) await expect(page.locator('a[href="#main"]')).toBeAttached();
    else await expect(page.locator('a[href="#main"]')).toHaveCount(0);
    places.push(await placesOn(page));
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
