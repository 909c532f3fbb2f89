import { type Browser, expect, type Page, test } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';
import { createAccount, demo, signedInPage } from './support/accounts.ts';
import { postBookThroughApi, uploadCoverThroughApi } from './support/listings.ts';

/** A book the demo seller lists through the API with a word of its own, an author with accents and two photos. */
async function listSearchableBook(browser: Browser, baseURL: string) {
  const seller = await signedInPage(browser, baseURL, demo.seller);
  const word = `zq${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6)}`;
  const bookName = `Moonlit Orchard ${word}`;
  const id = await postBookThroughApi(seller, baseURL, {
    bookName,
    author: 'Ágnes Ørsted',
    isbn: '0-441-17271-7',
    resalePrice: 7.5,
    condition: 'Excellent',
    booksCategory: 'Fiction',
    image: await uploadCoverThroughApi(seller, baseURL, '#1f4e79'),
    photos: [await uploadCoverThroughApi(seller, baseURL, '#b33a3a')],
    description: 'Listed by the search browser test.',
  });
  await seller.context().close();
  return { id, bookName, word };
}

/** Searches from the navbar's box (on a phone, its own row under the brand). */
async function searchFromNavbar(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: en.search.label }).locator('visible=true');
  await box.fill(text);
  await box.press('Enter');
}

async function bookFromBookPage(page: Page, bookName: string) {
  await page.getByRole('button', { name: en.book.bookNow, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: en.booking.title });
  await expect(dialog.getByLabel(en.booking.bookName)).toHaveValue(bookName);
  await dialog.getByLabel(en.booking.phone).fill('+1 555 0142');
  await dialog.getByRole('button', { name: en.booking.confirm }).click();
  await expect(page.getByText(en.alert.booked)).toBeVisible();
  await page
    .getByRole('dialog', { name: en.booking.bookedHeading })
    .getByRole('button', { name: en.booking.payLater })
    .click();
  // The page now tells its buyer the booking is theirs (others read that someone is buying it).
  await expect(page.getByTestId('your-booking')).toBeVisible();
  await expect(page.getByRole('button', { name: en.book.bookNow, exact: true })).toBeDisabled();
}

test.describe('find a book', () => {
  test('search from the navbar with a typo, filter and sort in the address, and open the book page', async ({
    browser,
    baseURL,
  }) => {
    const book = await listSearchableBook(browser, baseURL!);
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();

    await page.goto('/');
    await searchFromNavbar(page, `orchrd ${book.word}`);
    await expect(page).toHaveURL(new RegExp(`/search\\?q=orchrd(\\+|%20)${book.word}$`));
    await expect(page.getByTestId('did-you-mean')).toContainText(`orchard ${book.word}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`1 book found for “orchard ${book.word}”`);

    // Accents are ignored; filters and sort go into the address, and Back undoes them.
    await searchFromNavbar(page, `agnes orsted ${book.word}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`1 book found for “agnes orsted ${book.word}”`);
    await page.getByLabel(en.search.sort).selectOption('price_desc');
    await expect(page).toHaveURL(/sort=price_desc/);
    await page.getByLabel(en.search.condition).selectOption('Fair');
    await expect(page).toHaveURL(/condition=Fair/);
    await expect(page.getByText(en.search.none({ q: `agnes orsted ${book.word}` }))).toBeVisible();
    await page.goBack();
    await expect(page).not.toHaveURL(/condition=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`1 book found for “agnes orsted ${book.word}”`);

    // The card links to the book's own page.
    await page.getByRole('link', { name: book.bookName, exact: true }).click();
    await expect(page).toHaveURL(`/books/${book.id}`);
    await expect(page.getByRole('heading', { level: 1, name: book.bookName })).toBeVisible();
    await context.close();
  });

  test("a visitor reads the book's page, sees its photos larger, logs in from Book Now and books it", async ({
    browser,
    baseURL,
  }) => {
    const book = await listSearchableBook(browser, baseURL!);
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const cspErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
    });
    // Made elsewhere: this page is a visitor's until it logs in.
    const elsewhere = await browser.newContext({ baseURL });
    const buyer = await createAccount(elsewhere.request, 'Buyer');
    await elsewhere.close();

    await page.goto(`/books/${book.id}`);
    await expect(page).toHaveTitle(`${book.bookName} — ${en.brand}`);
    await expect(page.getByText(en.bookPage.by({ author: 'Ágnes Ørsted' }))).toBeVisible();
    await expect(page.getByText('978-0441172719')).toBeVisible();
    // A visitor is not given the seller's email or phone (PRODUCT §11), only the way to write to them.
    await expect(page.getByText(demo.seller.email)).toHaveCount(0);
    await expect(page.getByText(en.book.contactThroughAsk)).toBeVisible();
    await expect(page.locator('main').getByText(en.book.verified, { exact: true })).toBeVisible();
    // Both photos; the second shown large, then larger still in a dialog.
    await page.getByRole('button', { name: en.bookPage.showPhoto({ n: 2 }) }).click();
    await expect(page.getByRole('button', { name: en.bookPage.showPhoto({ n: 2 }) })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: en.bookPage.enlarge }).click();
    const larger = page.getByRole('dialog', { name: en.bookPage.largerView({ book: book.bookName }) });
    await expect(larger.getByRole('img')).toBeVisible();
    await larger.getByRole('button', { name: en.bookPage.close }).first().click();
    await expect(larger).toBeHidden();
    await expect(page.getByRole('heading', { name: en.bookPage.sellerBooks({ name: 'Sam Seller' }) })).toBeVisible();

    // Book Now sends a visitor to log in first, and back here after.
    await page.getByRole('button', { name: en.book.bookNow, exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel(en.auth.emailLabel).fill(buyer.email);
    await page.getByLabel(en.auth.passwordLabel).fill(buyer.password);
    await page.getByRole('button', { name: en.auth.login, exact: true }).click();
    await expect(page).toHaveURL(`/books/${book.id}`);
    await bookFromBookPage(page, book.bookName);
    // The buyer of the booking is: the book page now shows the seller's email.
    await expect(page.getByText(demo.seller.email)).toBeVisible();
    expect(cspErrors).toEqual([]);
    await context.close();
  });

  test('on a 390 px wide phone: search from the navbar, open the book, book it', async ({ browser, baseURL }) => {
    const book = await listSearchableBook(browser, baseURL!);
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true });
    const page = await context.newPage();
    await createAccount(page.request, 'Buyer');
    await page.goto('/');
    await searchFromNavbar(page, `moonlit ${book.word}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`1 book found for “moonlit ${book.word}”`);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('link', { name: book.bookName, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: book.bookName })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await bookFromBookPage(page, book.bookName);
    await context.close();
  });

  test("a book's page load draws the book from the page itself: no request for it, its cover preloaded", async ({
    browser,
    baseURL,
  }) => {
    const book = await listSearchableBook(browser, baseURL!);
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const asked: string[] = [];
    const warnings: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(`/books/${book.id}`);
    await expect(page.getByRole('heading', { level: 1, name: book.bookName })).toBeVisible();
    const cover = page.getByRole('img', { name: `Cover of ${book.bookName}` });
    await expect(cover).toBeVisible();
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.getByRole('region', { name: en.bookPage.similar })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The page carried the book: the app never asked the API for it. The cover was preloaded, and fetched once.
    expect(asked.filter((path) => path === `/api/books/item/${book.id}`)).toEqual([]);
    const coverUrl = await cover.getAttribute('src');
    await expect(page.locator(`link[rel="preload"][as="image"][href="${coverUrl}"]`)).toHaveCount(1);
    expect(asked.filter((path) => path === coverUrl)).toHaveLength(1);
    expect(warnings.filter((w) => w.includes('preload'))).toEqual([]);
    await context.close();

    // Its seller, who may read the contact the page's public data leaves out, gets it by one request of their own.
    const seller = await signedInPage(browser, baseURL!, demo.seller);
    const sellerAsked: string[] = [];
    seller.on('request', (request) => sellerAsked.push(new URL(request.url()).pathname));
    await seller.goto(`/books/${book.id}`);
    await expect(seller.getByText(demo.seller.email)).toBeVisible();
    expect(sellerAsked.filter((path) => path === `/api/books/item/${book.id}`)).toHaveLength(1);
    await seller.context().close();
  });

  test('a book its seller deleted answers 410 with a page that says so', async ({ browser, baseURL }) => {
    const book = await listSearchableBook(browser, baseURL!);
    const seller = await signedInPage(browser, baseURL!, demo.seller);
    const deleted = await seller.request.delete(`/api/books/${book.id}`, { headers: { origin: baseURL! } });
    expect(deleted.status()).toBe(200);
    const response = await seller.goto(`/books/${book.id}`);
    expect(response?.status()).toBe(410);
    await expect(seller.getByRole('heading', { level: 1, name: 'This book is no longer listed' })).toBeVisible();
    await expect(seller.getByRole('link', { name: en.bookPage.findAnother })).toBeVisible();
    const missing = await seller.goto(`/books/${crypto.randomUUID()}`);
    expect(missing?.status()).toBe(404);
    await expect(seller.getByRole('heading', { level: 1, name: 'Book not found' })).toBeVisible();
    await seller.context().close();
  });
});
