import { expect, test } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';
import { everyone, pageAs, pages, whoIs } from './support/app-pages.ts';
import { axeFindings, describeFindings, type Finding } from './support/axe.ts';
import { declaredRoutes } from './support/declared-routes.ts';

const widths = [1280, 390];
const schemesAt = (width: number) => (width < 768 ? (['light', 'dark'] as const) : (['light'] as const));

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
      const who = whoIs[role];
      const schemes = schemesAt(width);

      test(`no serious or critical violation on the ${seen.length} pages ${who} sees, ${width} px wide, ${schemes.join(' and ')}`, async ({
        browser,
        baseURL,
      }) => {
        test.setTimeout(30_000 + seen.length * 12_000);
        const page = await pageAs(role, browser, baseURL!);
        await page.setViewportSize({ width, height: 844 });
        const all: (Finding & { where: string })[] = [];
        const failures: string[] = [];

        for (const entry of seen) {
          const url =
            typeof entry.url === 'string' ? entry.url : await entry.url({ role, page, browser, baseURL: baseURL! });
          await test.step(`${url} at ${width}px`, async () => {
            await page.goto(url);
            await expect(entry.ready(page, en)).toBeVisible({ timeout: 15_000 });
            await entry.show?.(page, en);
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
