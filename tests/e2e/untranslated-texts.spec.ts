import { expect, type Page, test } from '@playwright/test';
import { pageDataId } from '#shared/constants.ts';
import { englishTexts } from '#shared/i18n/text-source.ts';
import type { Texts } from '#shared/i18n/texts.ts';
import { pseudoClose, pseudoOpen } from '../../src/build/pseudo-locale.ts';
import { everyone, pageAs, pages, whoIs } from './support/app-pages.ts';
import { pseudoTexts } from './support/pseudo-texts.ts';

// The pseudo-locale's run (`npm run test:pseudo`, playwright.pseudo.config.ts): on a build whose English texts are
// all `⟦ƀéţŵééñ ɱáŕķéŕš⟧` (PSEUDO_LOCALE=1, src/build/pseudo-locale.ts), every page of the app as each kind of user
// sees it must show no English word outside the markers, in its text (hidden text included: closed menus, screen
// reader text) and its accessible names (aria-label, alt, title, placeholder). What may be plain English is data:
// the strings the API answered (book and category names, people's names, messages), addresses, the brand, and the
// words of dates and numbers formatted by Intl for the page's locale.

const t = pseudoTexts as unknown as Texts;

/** The words Intl writes in English dates and relative times (the pseudo-locale formats as English does). */
const intlWords = new Set(
  [
    ...['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October'],
    ...['November', 'December', 'Jan', 'Feb', 'Mar', 'Apr', 'Jun', 'Jul', 'Aug', 'Sep', 'Sept', 'Oct', 'Nov', 'Dec'],
    ...['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
    ...['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'AM', 'PM', 'UTC', 'GMT'],
    ...['ago', 'in', 'now', 'yesterday', 'today', 'tomorrow', 'last', 'next', 'this'],
    ...['second', 'seconds', 'minute', 'minutes', 'hour', 'hours', 'day', 'days', 'week', 'weeks'],
    ...['month', 'months', 'year', 'years', 'sec', 'min', 'hr', 'mo', 'yr', 'wk'],
  ].map((word) => word.toLowerCase()),
);

/** Plain English that is not a text of ours: the brand as a name, the languages' own names in the switcher. */
const names = [englishTexts.brand, 'English', 'Español', 'Deutsch'];

/** The API's answers' fields that hold data people wrote or that names things (not texts of the store's). */
const dataField =
  /name|title|author|email|location|text|message|reason|description|category|^q$|isbn|url|image|photo|city/i;

/**
 * Collects the data strings of every successful JSON answer of the API the page receives; answers a promise of the
 * answers received so far, and those the page carries, having been read.
 */
function collectData(page: Page, into: Set<string>) {
  const reading = new Set<Promise<void>>();
  const walk = (value: unknown, key = '') => {
    if (typeof value === 'string') {
      // A long text may show cut short (a message's report button names its first 40 characters).
      if (dataField.test(key) && /[A-Za-z]/.test(value)) into.add(value).add(value.slice(0, 40));
    } else if (Array.isArray(value)) for (const item of value) walk(item, key);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  page.on('response', (response) => {
    if (!response.url().includes('/api/') || !response.ok()) return;
    if (!response.headers()['content-type']?.includes('json')) return;
    // The body of an answer the server preloaded with the page is not always kept: ask for it again then.
    const read = response
      .json()
      .catch(() => page.request.get(response.url()).then((again) => again.json()))
      .then((body) => walk(body))
      .catch(() => undefined)
      .finally(() => reading.delete(read));
    reading.add(read);
  });
  // And the answers a page the server describes carries in itself (web/lib/page-data.ts): a book's page holds the book.
  return async () => {
    await Promise.all(reading);
    const carried = await page.evaluate((id) => document.getElementById(id)?.textContent ?? null, pageDataId);
    if (carried) walk(JSON.parse(carried));
  };
}

/**
 * What is known to be English still, by route: the page heads the server writes (in English for now, ADR 030). Their
 * texts are not read; everything else on those pages is.
 */
const pending: Record<string, string[]> = {
  '/categoryBooks/:name': ['title'],
};

/** Every text on the page as a person or a screen reader meets it, with where it is (but inside `skip`). */
const textsOnPage = (page: Page, skip: string[]) =>
  page.evaluate((skip) => {
    const selector = skip.filter((s) => s !== 'title').join(', ');
    const skipped = (element: Element) => selector !== '' && element.closest(selector) !== null;
    const found: { text: string; where: string }[] = [];
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const testId = element.getAttribute('data-testid');
      return `<${element.tagName.toLowerCase()}${id}${testId ? ` data-testid=${testId}` : ''}>`;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, template') || skipped(parent)) continue;
      // What people wrote (a description, a message) takes its own direction (`dir="auto"`): data.
      if (parent.closest('[dir="auto"]')) continue;
      // Code (an article's examples) is not translated: `translate="no"`.
      if (parent.closest('[translate="no"]')) continue;
      const text = node.textContent?.trim();
      if (text) found.push({ text, where: describe(parent) });
    }
    for (const element of document.body.querySelectorAll('[aria-label], [alt], [title], [placeholder]')) {
      if (skipped(element)) continue;
      for (const attribute of ['aria-label', 'alt', 'title', 'placeholder']) {
        const text = element.getAttribute(attribute)?.trim();
        if (text) found.push({ text, where: `${describe(element)} ${attribute}` });
      }
    }
    if (document.title && !skip.includes('title')) found.push({ text: document.title, where: '<title>' });
    return found;
  }, skip);

const markerRun = new RegExp(`\\${pseudoOpen}[^${pseudoOpen}${pseudoClose}]*\\${pseudoClose}`, 'g');

/** What of a text is plain English, once the catalogues' texts and the data are taken out ('' when none). */
function untranslated(text: string, data: string[]) {
  let rest = text;
  // Innermost first: a text may hold another as a value.
  for (let before = ''; before !== rest; ) {
    before = rest;
    rest = rest.replace(markerRun, ' ');
  }
  // Data and names as whole words only: a short value must not take a piece out of a word.
  const literally = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const value of [...names, ...data]) {
    if (rest.includes(value)) rest = rest.replace(new RegExp(`(?<![A-Za-z])${literally(value)}(?![A-Za-z])`, 'g'), ' ');
  }
  rest = rest
    .replace(/https?:\/\/\S*/g, ' ')
    // A person's initials in place of their photo, a currency's code.
    .replace(/^[A-Z]{1,2}$/, ' ')
    .replace(/\b(USD|EUR|GBP)\b/g, ' ')
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ')
    .replace(/\b(97[89])?\d{9}[\dX]\b/g, ' ');
  const words = rest.match(/[A-Za-z][A-Za-z'’]+|\b[A-Za-z]\b/g) ?? [];
  return words.some((word) => !intlWords.has(word.toLowerCase())) ? rest.replace(/\s+/g, ' ').trim() : '';
}

test.describe('every page shows only texts from the catalogues (the pseudo-locale build)', () => {
  test.describe.configure({ mode: 'parallel' });

  for (const role of everyone) {
    const seen = pages.filter((entry) => entry.who.includes(role));
    test(`no untranslated text on the ${seen.length} pages ${whoIs[role]} sees`, async ({ browser, baseURL }) => {
      test.setTimeout(30_000 + seen.length * 8_000);
      const page = await pageAs(role, browser, baseURL!);
      const dataSet = new Set<string>();
      const dataRead = collectData(page, dataSet);
      const found = new Map<string, string[]>();
      const widths = [1280, 390];

      for (const entry of seen) {
        const url =
          typeof entry.url === 'string' ? entry.url : await entry.url({ role, page, browser, baseURL: baseURL! });
        // Home and the dashboard at a phone's width too: its menus are not the wide screen's.
        for (const width of entry.route === '/' || entry.route === '/dashboard' ? widths : [1280]) {
          await test.step(`${url} at ${width}px`, async () => {
            await page.setViewportSize({ width, height: 844 });
            await page.goto(url);
            await expect(page.locator('html')).toHaveAttribute('lang', 'en');
            await expect(entry.ready(page, t)).toBeVisible({ timeout: 15_000 });
            await entry.show?.(page, t);
            await expect(page.locator('.loading')).toHaveCount(0);
            await dataRead();
            // What the address itself carries (a search's words) is data too.
            for (const value of new URL(page.url()).searchParams.values()) if (value) dataSet.add(value);
            const data = [...dataSet].sort((a, b) => b.length - a.length);
            for (const { text, where } of await textsOnPage(page, pending[entry.route] ?? [])) {
              const rest = untranslated(text, data);
              if (!rest) continue;
              const line = `${JSON.stringify(text.slice(0, 140))} at ${where}`;
              found.set(line, [...(found.get(line) ?? []), `${entry.route}${width === 390 ? ' (390px)' : ''}`]);
            }
          });
        }
      }
      const report = [...found].map(([line, routes]) => `${line} — on ${[...new Set(routes)].join(', ')}`);
      await test.info().attach('untranslated', { body: report.join('\n'), contentType: 'text/plain' });
      expect(report, `texts not from the catalogues, as ${whoIs[role]} sees them:\n${report.join('\n')}`).toEqual([]);
      await page.context().close();
    });
  }
});
