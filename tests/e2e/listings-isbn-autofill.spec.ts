import { expect, test } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';
import { demo, signedInPage } from './support/accounts.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { fillBookForm } from './support/listings.ts';

const m = en.addBook;
const lookup = en.isbnLookup;
const defects = en.defects.labels;

test('a seller types an ISBN, the form fills in, takes the suggested cover, ticks two defects and lists', async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL!, demo.seller);
  // On a phone: the form, its lookup line and the suggested cover must fit 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/addsell');
  await page.getByLabel(m.labels.isbn).fill('0-14-032872-6');
  await expect(
    page.getByRole('status').filter({ hasText: lookup.found({ title: 'Fantastic Mr. Fox' }) }),
  ).toBeVisible();
  await expect(page.getByLabel(m.labels.bookName)).toHaveValue('Fantastic Mr. Fox');
  await expect(page.getByLabel(m.labels.author)).toHaveValue('Roald Dahl');
  await expect(page.getByLabel(m.labels.publisher)).toHaveValue('Puffin');
  await expect(page.getByLabel(m.labels.publicationYear)).toHaveValue('1988');

  await expect(page.getByRole('img', { name: lookup.coverAlt({ title: 'Fantastic Mr. Fox' }) })).toBeVisible();
  await page.getByRole('button', { name: lookup.takeCover }).click();
  await expect(page.getByText(lookup.coverTaken)).toBeVisible();
  await expectNoSeriousViolations(page, 'the add-a-book form with a looked-up ISBN');

  await page.getByRole('checkbox', { name: defects.notes_or_highlighting }).check();
  await page.getByRole('checkbox', { name: defects.signed_by_author }).check();
  await fillBookForm(page, {
    originalPrice: '12',
    resalePrice: '5',
    condition: 'Good',
    booksCategory: 'Biography',
    phone: '+1 415 555 0142',
    location: 'Oakland',
    description: 'A fox outwits three farmers; pencil notes in chapter 2.',
    purchaseYear: '2021-06-01',
  });
  await page.getByRole('button', { name: m.submit }).click();
  await expect(page).toHaveURL(/\/dashboard\/myProducts$/);

  await page.goto('/search?q=9780140328721');
  // The newest copy (a retry of this spec lists another).
  const card = page.getByRole('article').filter({ hasText: 'Fantastic Mr. Fox' }).first();
  const tags = card.getByRole('list', { name: en.defects.heading });
  await expect(tags.getByRole('listitem')).toHaveText([defects.notes_or_highlighting, defects.signed_by_author]);
  // The cover is the server's own copy, not a picture of the catalogue's site.
  await expect(card.getByRole('img', { name: 'Cover of Fantastic Mr. Fox' })).toHaveAttribute('src', /^\/images\//);

  await card.getByRole('link', { name: 'Fantastic Mr. Fox', exact: true }).click();
  const defectsSection = page.getByRole('region', { name: en.defects.heading });
  await expect(defectsSection.getByRole('listitem')).toHaveText([
    defects.notes_or_highlighting,
    defects.signed_by_author,
  ]);
  await expect(page.getByText('Puffin')).toBeVisible();
  await expectNoSeriousViolations(page, 'a book page with defects');

  // Search's filters: signed copies only keeps it; leaving out notes or highlighting drops it. A filter lives in
  // the address, so its box shows the tick once the navigation it starts has landed, not at the click itself.
  await page.goBack();
  await page.getByRole('button', { name: en.search.filters }).click();
  const filters = page.getByRole('region', { name: en.search.filters });
  const signed = filters.getByRole('checkbox', { name: en.defects.searchSigned });
  await signed.click();
  await expect(page).toHaveURL(/signed=true/);
  await expect(signed).toBeChecked();
  await expect(card).toBeVisible();
  const withoutNotes = filters
    .getByRole('group', { name: en.defects.searchWithout })
    .getByRole('checkbox', { name: defects.notes_or_highlighting });
  await withoutNotes.click();
  await expect(page).toHaveURL(/without=notes_or_highlighting/);
  await expect(withoutNotes).toBeChecked();
  await expect(page.getByRole('article').filter({ hasText: 'Fantastic Mr. Fox' })).toHaveCount(0);
});
