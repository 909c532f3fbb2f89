import { expect, type Page, test } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';

/** Home on a phone, scrolled down to its last advertised book: its cards, and how far it is scrolled. */
async function homeScrolledDown(page: Page) {
  await page.setViewportSize({ width: 390, height: 700 });
  await page.goto('/');
  const cards = page.getByRole('region', { name: en.home.advertisedHeading }).getByRole('article');
  await cards.last().scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(300);
  return { cards, scrolled };
}

/** How many times `page` asks for each URL (under `baseURL`), and the warnings it logs (an unused preload's). */
function watchLoading(page: Page, baseURL: string) {
  const asked = new Map<string, number>();
  const warnings: string[] = [];
  page.on('request', (request) => {
    const url = request.url().slice(baseURL.length);
    asked.set(url, (asked.get(url) ?? 0) + 1);
  });
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  return { asked, warnings };
}

test.describe('a visitor browses the public pages', () => {
  test('home shows the banner carousel, which advances by itself and by its arrows', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const slides = page.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(3);
    await expect(page.getByRole('heading', { level: 1, name: en.home.headline })).toBeVisible();
    await expect(page.getByRole('link', { name: en.home.searchCategory })).toBeVisible();
    await expect(slides.nth(0)).toHaveAttribute('data-active', 'true');
    await page.clock.runFor(5_100);
    await expect(slides.nth(1)).toHaveAttribute('data-active', 'true');
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect(slides.nth(2)).toHaveAttribute('data-active', 'true');
    await page.getByRole('button', { name: 'Previous slide' }).click();
    await expect(slides.nth(1)).toHaveAttribute('data-active', 'true');
  });

  for (const [width, columns] of [
    [375, 1],
    [800, 2],
    [1280, 3],
  ] as const) {
    test(`the category grid has ${columns} column(s) at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const grid = page.getByTestId('category-grid');
      await expect(grid.locator('li')).toHaveCount(8);
      const tracks = await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
      expect(tracks).toBe(columns);
    });
  }

  test('View collection leads a visitor to the public search with the category chosen, not to Login', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('link', { name: `${en.home.viewCollection}: Fiction` }).click();
    await expect(page).toHaveURL(/\/search\?category=Fiction$/);
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  });

  for (const [path, shows, data] of [
    ['/', en.home.advertisedHeading, ['/api/booksCategory', '/api/books/addvertise?limit=12']],
    ['/login', en.auth.login, ['/api/auth-providers']],
  ] as const) {
    test(`${path} asks for the data of its first view once, beside its code`, async ({ page, baseURL }) => {
      const { asked, warnings } = watchLoading(page, baseURL!);
      await page.goto(path);
      await expect(page.getByRole('heading', { name: shows }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      for (const url of data) {
        await expect(page.locator(`link[rel="preload"][href="${url}"]`)).toHaveCount(1);
        expect(asked.get(url), url).toBe(1);
      }
      // The preloaded answer is the one the app used: Chromium warns about a preload nobody took.
      expect(warnings.filter((w) => w.includes('preload'))).toEqual([]);
    });
  }

  test("a seller's page load draws the person from the page itself, and asks for their reviews once, beside its code", async ({
    page,
    baseURL,
  }) => {
    const [book] = (await (await page.request.get('/api/allbooks?limit=1')).json()) as { sellerId: string }[];
    const person = `/api/sellers/${book!.sellerId}`;
    const reviews = `${person}/reviews?page=1&limit=10`;
    const { asked, warnings } = watchLoading(page, baseURL!);
    await page.goto(`/sellers/${book!.sellerId}`);
    await expect(page.getByRole('heading', { level: 2, name: en.sellerPage.reviews })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked.get(person), person).toBeUndefined();
    await expect(page.locator(`link[rel="preload"][href="${reviews}"]`)).toHaveCount(1);
    expect(asked.get(reviews), reviews).toBe(1);
    expect(warnings.filter((w) => w.includes('preload'))).toEqual([]);
  });

  for (const path of ['/login', '/about']) {
    test(`a page load of ${path} goes from the server's first view to the page, with no spinner between`, async ({
      page,
    }) => {
      // Whether a spinner was ever drawn while the page loaded (the app's first render waits for the page's code).
      await page.addInitScript(() => {
        new MutationObserver(() => {
          if (document.querySelector('#root [role="status"] .loading')) document.documentElement.dataset.spun = 'yes';
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('html')).not.toHaveAttribute('data-spun', 'yes');
    });
  }

  test('home shows advertised books', async ({ page }) => {
    await page.goto('/');
    const advertised = page.getByRole('region', { name: en.home.advertisedHeading });
    await expect(advertised.getByRole('article').first()).toBeVisible();
  });

  test('the about page loads every available book on request, and tells their history', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'A short history of second-hand books' })).toBeVisible();
    await page.getByRole('button', { name: en.about.showAllBooks }).click();
    await expect(page.getByText(/Showing \d+ of \d+ available books/)).toBeVisible();
    expect(
      await page
        .getByRole('article')
        .filter({ has: page.getByRole('img') })
        .count(),
    ).toBeGreaterThan(10);
  });

  test('the blogs page answers the four questions', async ({ page }) => {
    await page.goto('/blogs');
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(4);
    await expect(page.getByRole('heading', { name: /prototypal inheritance/i })).toBeVisible();
  });

  test('an unknown address shows the 404 page with a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('404')).toBeVisible();
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a page whose code does not load shows the error page, inside the layout, with a way home', async ({ page }) => {
    await page.goto('/');
    await page.route(/\/assets\/blogs-page-[^/]+\.js$/, (route) => route.abort());
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: en.nav.blogs }).click();
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: en.routeError.heading })).toBeVisible();
    await expect(alert.getByRole('button', { name: en.routeError.retry })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await alert.getByRole('link', { name: en.routeError.home }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: en.home.categoriesHeading })).toBeVisible();
  });

  test('a new page starts at the top; Back returns to where the page was scrolled, after a reload too', async ({
    page,
  }) => {
    const { cards, scrolled } = await homeScrolledDown(page);
    await cards.last().getByRole('heading').getByRole('link').click();
    await expect(page).toHaveURL(/\/books\//);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
    await page.reload();
    await expect(cards.last()).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
  });

  test('a page opened anew starts at the top and stays there, wherever the last page in the tab was scrolled', async ({
    page,
  }) => {
    const { cards } = await homeScrolledDown(page);

    // The same address, opened again (typed, or a link from another site): not a reload, not Back.
    await page.goto('/');
    await expect(cards.last()).toBeAttached();
    for (let look = 0; look < 10; look += 1) {
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await page.waitForTimeout(100);
    }
  });

  test('the navbar and footer are on every page', async ({ page }) => {
    await page.goto('/blogs');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of [en.nav.home, en.nav.blogs, en.nav.about, en.nav.login, en.nav.signUp]) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    for (const group of ['Services', 'Company', 'Legal']) {
      await expect(page.getByRole('navigation', { name: group })).toBeVisible();
    }
    await expect(page.getByText(/Copyright ©/)).toBeVisible();
  });

  test("the footer's Services and Legal links lead to the store's own pages", async ({ page }) => {
    const pages = [
      ['Services', 'Meet-up safety', '/help/meetup-safety', 'Meet-up safety'],
      ['Services', 'Buyer protection', '/help/buyer-protection', 'Buyer protection'],
      ['Legal', 'Terms of use', '/help/terms', 'Terms of use'],
      ['Legal', 'Privacy policy', '/help/privacy', 'Privacy policy'],
      ['Legal', 'Cookie policy', '/help/privacy#cookies', 'Privacy policy'],
    ] as const;
    // The footer is on every page: each link is followed from the page the one before led to.
    await page.goto('/');
    for (const [group, link, path, heading] of pages) {
      await page.getByRole('navigation', { name: group }).getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    await page.goto('/help/no-such-topic');
    await expect(page.getByRole('heading', { name: 'This page is not on our shelves' })).toBeVisible();
  });
});
