import { expect, test } from '@playwright/test';
import { textsIn } from '#shared/i18n/english.ts';
import { localizedPath } from '#shared/i18n/locales.ts';
import { everyone, pageAs, pages, whoIs } from './support/app-pages.ts';
import { animationsSettled, axeFindings, describeFindings, type Finding } from './support/axe.ts';

// PRODUCT §12: the store in Arabic, right to left, on a phone, passes axe-core as the English one does
// (accessibility-pages.spec.ts): every public page as a visitor sees it, and the dashboard's pages as each signed-in
// kind of user sees them, under /ar, 390 px wide.

const ar = textsIn('ar');

test.describe('every page in Arabic passes axe-core on a phone', () => {
  test.describe.configure({ mode: 'parallel' });

  for (const role of everyone) {
    const seen = pages.filter(
      (entry) => entry.who.includes(role) && (role === 'visitor' || entry.route.startsWith('/dashboard')),
    );
    test(`no serious or critical violation on the ${seen.length} pages ${whoIs[role]} sees in Arabic, 390 px wide`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(30_000 + seen.length * 12_000);
      const page = await pageAs(role, browser, baseURL!);
      await page.setViewportSize({ width: 390, height: 844 });
      const all: (Finding & { where: string })[] = [];
      const failures: string[] = [];
      for (const entry of seen) {
        const path =
          typeof entry.url === 'string' ? entry.url : await entry.url({ role, page, browser, baseURL: baseURL! });
        const url = localizedPath('ar', path);
        await test.step(url, async () => {
          await page.goto(url);
          await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
          await expect(entry.ready(page, ar)).toBeVisible({ timeout: 15_000 });
          await entry.show?.(page, ar);
          await expect(page.locator('.loading')).toHaveCount(0);
          await animationsSettled(page);
          const where = `${whoIs[role]}, Arabic, 390px, ${entry.route} (${url})`;
          const findings = await axeFindings(page);
          all.push(...findings.map((finding) => ({ ...finding, where })));
          failures.push(
            ...describeFindings(
              where,
              findings.filter((finding) => finding.failing),
            ),
          );
        });
      }
      await test.info().attach('axe findings', { body: JSON.stringify(all, null, 2), contentType: 'application/json' });
      expect(failures, `serious or critical axe violations:\n${failures.join('\n')}`).toEqual([]);
      await page.context().close();
    });
  }
});
