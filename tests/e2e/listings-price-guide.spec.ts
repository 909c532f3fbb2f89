import { expect, test } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';
import { demo, signedInPage } from './support/accounts.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { postBookThroughApi, uploadCoverThroughApi } from './support/listings.ts';

const m = en.priceGuide;
/** A book the demo catalogue and the other specs do not list. */
const isbn = '9780316769488';

test('a seller typing an ISBN sees what copies sold for and are listed at; the cheapest copy shows a Good price badge', async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL!, demo.seller);
  const image = await uploadCoverThroughApi(page, baseURL!);
  for (const resalePrice of [3, 8, 9, 12]) {
    await postBookThroughApi(page, baseURL!, {
      bookName: 'The Catcher in the Rye',
      author: 'J. D. Salinger',
      isbn,
      resalePrice,
      booksCategory: 'Fiction',
      image,
      description: 'Listed by the price guide browser test.',
    });
  }

  await page.goto('/dashboard/addsell');
  const guide = page.getByRole('region', { name: m.heading });
  await expect(guide).toContainText(m.prompt);
  await page.getByLabel(en.addBook.labels.isbn).pressSequentially('978-0-316-76948-8');
  await expect(guide).toContainText(m.byIsbn);
  await expect(guide).toContainText(m.listed({ range: '$3.00–$12.00', median: '$8.50', n: 4 }));
  await expect(guide).toContainText(m.noneSold);

  await page.goto(`/search?q=${isbn}&sort=price_asc`);
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(4);
  await expect(cards.first().getByText(m.goodPrice, { exact: true })).toBeVisible();
  await expect(page.getByText(m.goodPrice, { exact: true })).toHaveCount(1);
  await expectNoSeriousViolations(page, 'search with a Good price badge');
  await page.context().close();
});
