import { expect, test } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';
import { everyone, pageAs, pages, whoIs } from './support/app-pages.ts';
import { animationsSettled, axeFindings, describeFindings, type Finding } from './support/axe.ts';
import { declaredRoutes } from './support/declared-routes.ts';

/** Each page is checked at both widths: as a desktop shows it, then as a phone does, in both of a phone's schemes. */
const widths = [
  { width: 1280, schemes: ['light'] },
  { width: 390, schemes: ['light', 'dark'] },
] as const;

test.describe('every page passes axe-core, as each kind of user sees it', () => {
  test.describe.configure({ mode: 'parallel' });

  test('the list of pages names every route the router declares', () => {
    const listed = [...new Set(pages.map((page) => page.route))].sort();
    expect(listed, 'add the missing route(s) to `pages` in this file (and remove the ones that went)').toEqual(
      declaredRoutes(),
    );
  });

  // One test per kind of user (four, shared out among the workers), each with one signed-in page: a page is loaded
  // (and its data made) once, then checked at each width.
  for (const role of everyone) {
    const seen = pages.filter((page) => page.who.includes(role));
    const who = whoIs[role];

    test(`no serious or critical violation on the ${seen.length} pages ${who} sees, 1280 and 390 px wide, light and dark`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(30_000 + seen.length * 15_000);
      const page = await pageAs(role, browser, baseURL!);
      const all: (Finding & { where: string })[] = [];
      const failures: string[] = [];

      for (const entry of seen) {
        await page.setViewportSize({ width: widths[0].width, height: 844 });
        const url =
          typeof entry.url === 'string' ? entry.url : await entry.url({ role, page, browser, baseURL: baseURL! });
        await test.step(url, async () => {
          await page.goto(url);
          await expect(entry.ready(page, en)).toBeVisible({ timeout: 15_000 });
          await entry.show?.(page, en);
          for (const { width, schemes } of widths) {
            await page.setViewportSize({ width, height: 844 });
            await expect(entry.ready(page, en)).toBeVisible();
            await expect(page.locator('.loading')).toHaveCount(0);
            // A phone may ask for the dark colour scheme (the theme follows the media query live; the colours are the
            // same at every width): the same page again, checked by the rules colours decide.
            for (const colorScheme of schemes) {
              await page.emulateMedia({ colorScheme });
              // Buttons and links fade between the schemes' colours: check them once the fades have settled.
              await animationsSettled(page);
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
          }
        });
      }

      await test.info().attach('axe findings', { body: JSON.stringify(all, null, 2), contentType: 'application/json' });
      expect(failures, `serious or critical axe violations:\n${failures.join('\n')}`).toEqual([]);
      await page.context().close();
    });
  }
});
