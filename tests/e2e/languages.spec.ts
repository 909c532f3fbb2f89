import { expect, test } from '@playwright/test';
import { translations } from '#shared/i18n/catalogues/index.ts';

// PRODUCT §12 in a browser: a page in Arabic is laid out right to left in its language, and the switcher opens the
// same page in another language and keeps the choice.

const phone = { width: 390, height: 844 };
const { ar, es } = translations;

test('on a phone, a visitor reads Home in Arabic, right to left, and switches to Spanish', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.setViewportSize(phone);
  await page.goto('/ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { name: ar.home.headline })).toBeVisible();
  await expect(page.getByRole('heading', { name: ar.home.categoriesHeading })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('home-ar-390.png') });

  await page.getByRole('combobox', { name: ar.language.label }).selectOption('es');
  await expect(page).toHaveURL(/\/es$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { name: es.home.headline })).toBeVisible();

  // The choice is kept: the root now opens in Spanish, and links stay in it.
  await page.goto('/');
  await expect(page).toHaveURL(/\/es$/);
  await page.getByRole('link', { name: es.footer.aboutUs }).click();
  await expect(page).toHaveURL(/\/es\/about$/);
  expect(errors).toEqual([]);
});

test("a category is named in the page's language and keeps its stored name in the address", async ({ page }) => {
  await page.goto('/de');
  const names = page.getByTestId('category-grid').getByRole('heading', { level: 3 });
  // In German's alphabetical order: Biografien, Geschichte, Kinderbücher, Lyrik …
  await expect(names.first()).toHaveText(translations.de.categoryNames.Biography);
  await page
    .getByRole('link', { name: `${translations.de.home.viewCollection}: ${translations.de.categoryNames.Poetry}` })
    .click();
  await expect(page).toHaveURL(/\/de\/search\?category=Poetry$/);
  await expect(page.getByRole('combobox', { name: translations.de.search.category })).toHaveValue('Poetry');
});
