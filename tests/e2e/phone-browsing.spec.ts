import { expect, type Locator, type Page, test } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';

// Browsing on a phone: the search is in the navbar and keeps its words on the results, books come two compact
// cards a row, and a book's page shows its price first with Book Now kept at the bottom of the screen.
// The same pages at 1280 px keep their desktop layout. Screenshots go to .shots/ to be looked at.

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

// The demo store has several histories.
const word = 'history';

/** The boxes of the first two cards of a list: side by side, each within half the screen. */
async function expectTwoARow(cards: Locator) {
  await expect(cards.nth(1)).toBeVisible();
  const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
  expect(a!.width).toBeLessThan(phone.width / 2);
  expect(b!.x).toBeGreaterThan(a!.x + a!.width - 1);
  expect(a!.height).toBeLessThan(460);
}

/** Nothing reaches past the screen's right edge; the message names what does. */
const noSideScroll = async (page: Page) => {
  const { width, wide } = await page.evaluate((screen) => {
    const past = [...document.body.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > screen + 1);
    // The innermost ones are the cause; their ancestors only contain them.
    const innermost = past.filter((el) => !past.some((other) => other !== el && el.contains(other)));
    return {
      width: document.documentElement.scrollWidth,
      wide: innermost.slice(0, 3).map((el) => el.outerHTML.slice(0, 160)),
    };
  }, phone.width);
  expect(width, `wider than the screen: ${wide.join('\n')}`).toBeLessThanOrEqual(phone.width);
};

test('on a 390 px phone: search in the navbar, two cards a row, the price first and Book Now in reach', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: phone, hasTouch: true, isMobile: true });
  const page = await context.newPage();

  await page.goto('/');
  const box = page.getByRole('searchbox', { name: en.search.label });
  await expect(box).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeVisible();
  await expectTwoARow(page.getByRole('region', { name: en.home.advertisedHeading }).getByRole('article'));
  await noSideScroll(page);
  await page.screenshot({ path: '.shots/home-390.png' });
  await page.getByRole('heading', { name: en.home.advertisedHeading }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.shots/home-cards-390.png' });

  await box.fill(word);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${encodeURIComponent(word)}`));
  // The words stay in the box on the results.
  await expect(page.getByRole('searchbox', { name: en.search.label })).toHaveValue(word);
  const results = page.getByRole('main').getByRole('article');
  await expectTwoARow(results);
  await noSideScroll(page);
  await page.screenshot({ path: '.shots/search-390.png' });

  await results.first().getByRole('heading').getByRole('link').click();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  const price = await page.getByTestId('book-price').boundingBox();
  const photo = await page.getByRole('main').getByRole('img').first().boundingBox();
  expect(price!.y).toBeLessThan(photo!.y);
  expect(price!.y + price!.height).toBeLessThan(phone.height);
  // Book Now is on screen at once, at the bottom, and stays there while the page scrolls.
  const bookNow = page.getByRole('button', { name: en.book.bookNow, exact: true });
  await expect(bookNow).toHaveCount(1);
  await expect(bookNow).toBeInViewport();
  await page.mouse.wheel(0, 1500);
  await expect(bookNow).toBeInViewport();
  const bar = await page.getByTestId('book-now-bar').boundingBox();
  expect(bar!.y + bar!.height).toBeLessThanOrEqual(phone.height + 1);
  await noSideScroll(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: '.shots/book-390.png' });
  await context.close();
});

test('at 1280 px: the navbar search, wide cards and Book Now beside the book', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: desktop });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('searchbox', { name: en.search.label })).toHaveCount(1);
  await page.screenshot({ path: '.shots/home-1280.png' });
  await page.getByRole('searchbox', { name: en.search.label }).fill(word);
  await page.getByRole('searchbox', { name: en.search.label }).press('Enter');
  await expect(page).toHaveURL(/\/search\?q=history/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('books found for');
  await expect(page.getByRole('searchbox', { name: en.search.label })).toHaveValue(word);
  const results = page.getByRole('main').getByRole('article');
  await expect(results.first()).toBeVisible();
  await page.screenshot({ path: '.shots/search-1280.png' });
  await results.first().getByRole('heading').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('book-now-bar')).toBeHidden();
  await expect(page.getByRole('button', { name: en.book.bookNow, exact: true })).toBeVisible();
  await page.screenshot({ path: '.shots/book-1280.png' });
  await context.close();
});
