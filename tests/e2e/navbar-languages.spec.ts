import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { textsIn } from '#shared/i18n/english.ts';
import { localeCodes, localizedPath } from '#shared/i18n/locales.ts';
import { createAccount, signedInPage } from './support/accounts.ts';

// The navbar fits its texts in every language at laptop and desktop widths: the brand never runs into a link and
// nothing pushes the page sideways, and the search shows its whole placeholder. A visitor and a seller with a long
// name (signed in, with the bell and their name beside the links) are measured; where the links do not fit beside
// the brand they wait behind the menu button. Screenshots go to .shots/ to be looked at.

const widths = [1024, 1280];

type Who = 'visitor' | 'seller';

async function pageOf(who: Who, browser: Browser, baseURL: string, request: APIRequestContext) {
  if (who === 'seller')
    return signedInPage(browser, baseURL, await createAccount(request, 'Seller', 'Maximiliane Wolkenstein-Oberhausen'));
  return (await browser.newContext({ baseURL })).newPage();
}

/** Waits until the navbar knows who is there (its links depend on it), whether its links show or not. */
async function navbarSettled(page: Page, who: Who, t: ReturnType<typeof textsIn>) {
  const banner = page.getByRole('banner');
  if (who === 'seller') await expect(banner.getByRole('link', { name: t.nav.yourProfile })).toBeVisible();
  else await expect(banner.getByRole('link', { name: t.nav.signUp, includeHidden: true }).first()).toBeAttached();
}

type Box = { x: number; y: number; width: number; height: number };
const intersect = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const who of ['visitor', 'seller'] as const) {
  for (const code of localeCodes) {
    test(`the navbar fits for a ${who} in ${code} at ${widths.join(' and ')} px`, async ({
      browser,
      baseURL,
      request,
    }) => {
      const t = textsIn(code);
      const page = await pageOf(who, browser, baseURL!, request);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(localizedPath(code, '/'));
        await navbarSettled(page, who, t);
        const banner = page.getByRole('banner');
        const brand = banner.getByRole('link', { name: t.brand, exact: true });
        await expect(brand).toBeVisible();
        // Only the links in view: the menu button's list is hidden until it is opened.
        const links = await banner
          .getByRole('navigation', { name: t.nav.main })
          .getByRole('listitem')
          .locator('a, button')
          .all();
        if (links.length === 0) await expect(banner.getByRole('button', { name: t.nav.menu })).toBeVisible();
        const brandBox = (await brand.boundingBox())!;
        const overlapping: string[] = [];
        for (const link of links) {
          if (intersect(brandBox, (await link.boundingBox())!)) overlapping.push(await link.innerText());
        }
        expect.soft(overlapping, `links under the brand at ${width} px`).toEqual([]);
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        expect.soft(scrollWidth, `page width at ${width} px`).toBeLessThanOrEqual(innerWidth);
        const search = banner.getByRole('searchbox').filter({ visible: true });
        const room = await search.evaluate((input: HTMLInputElement) => {
          const style = getComputedStyle(input);
          const context = document.createElement('canvas').getContext('2d')!;
          context.font = style.font;
          return {
            needed: Math.ceil(context.measureText(input.placeholder).width),
            has: input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight),
          };
        });
        expect.soft(room.needed, `the search's placeholder at ${width} px`).toBeLessThanOrEqual(room.has);
        await page.screenshot({
          path: `.shots/navbar-${who}-${code}-${width}.png`,
          clip: { x: 0, y: 0, width, height: 80 },
        });
      }
    });
  }
}
