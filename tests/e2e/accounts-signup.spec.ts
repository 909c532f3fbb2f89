import { expect, type Page, test } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';
import { mainNav } from './support/accounts.ts';

const { auth } = en;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function expectFieldError(page: Page, label: string, message: string) {
  const field = page.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(`${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
}

test.describe('a visitor signs up', () => {
  test('as a Buyer, seeing each validation message of the sign-up form on the way', async ({ page }) => {
    await page.goto('/signup');
    // One role choice, Buyer unless changed; the password's rules show before anything is typed.
    const roles = page.getByRole('group', { name: auth.accountType });
    await expect(roles.getByRole('radio', { name: 'Buyer' })).toBeChecked();
    await expect(page.getByText('Role', { exact: true })).toHaveCount(0);
    await expect(page.getByLabel(auth.passwordLabel)).toHaveAccessibleDescription(auth.passwordRules);

    await page.getByRole('button', { name: en.nav.signUp, exact: true }).click();
    await expectFieldError(page, auth.nameLabel, auth.nameRequired);
    await expectFieldError(page, auth.emailLabel, auth.emailRequired);
    await expectFieldError(page, auth.passwordLabel, auth.passwordRequired);

    const email = `buyer.${unique()}@example.test`;
    await page.getByLabel(auth.nameLabel).fill('Bea Buyer');
    await page.getByLabel(auth.emailLabel).fill(email);
    await page.getByLabel(auth.passwordLabel).fill('Ab#1');
    await page.getByRole('button', { name: en.nav.signUp, exact: true }).click();
    await expectFieldError(page, auth.passwordLabel, auth.signUpPasswordShort);

    await page.getByLabel(auth.passwordLabel).fill('abcdefgh');
    await page.getByRole('button', { name: en.nav.signUp, exact: true }).click();
    await expectFieldError(page, auth.passwordLabel, auth.signUpPasswordPattern);
    // What the user typed is kept.
    await expect(page.getByLabel(auth.nameLabel)).toHaveValue('Bea Buyer');

    await page.getByLabel(auth.passwordLabel).fill('Reader#2026');
    await page.getByRole('button', { name: en.nav.signUp, exact: true }).click();
    await expect(page.getByText(en.alert.userCreated)).toBeVisible();
    // The confirmation mail is named, with a way to have it sent again, then the person goes on.
    await expect(page.getByRole('heading', { name: auth.checkInboxHeading })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: auth.checkInbox({ email }) })).toBeVisible();
    await page.getByRole('button', { name: en.recovery.sendConfirmAgain }).click();
    await expect(page.getByText(en.recovery.confirmSent)).toBeVisible();
    await page.getByRole('button', { name: auth.continue }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(mainNav(page).getByRole('link', { name: en.nav.dashboard })).toBeVisible();

    await page.goto('/dashboard');
    const menu = page.getByRole('navigation', { name: en.dashboard.menuLabel });
    await expect(menu.getByRole('link', { name: en.dashboard.myOrders })).toHaveAttribute(
      'href',
      '/dashboard/wishList',
    );
    await expect(menu.getByRole('link', { name: en.dashboard.addSell })).toHaveCount(0);
  });

  test('as a Seller, whose dashboard offers Add sell and My Products', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel(auth.nameLabel).fill('Sid Seller');
    await page.getByLabel(auth.emailLabel).fill(`seller.${unique()}@example.test`);
    await page.getByLabel(auth.passwordLabel).fill('Seller#2026');
    await page.getByRole('radio', { name: 'Seller' }).check();
    await expect(page.getByRole('radio', { name: 'Seller' })).toBeChecked();
    await page.getByRole('button', { name: en.nav.signUp, exact: true }).click();
    await expect(page.getByText(en.alert.userCreated)).toBeVisible();

    await page.goto('/dashboard');
    const menu = page.getByRole('navigation', { name: en.dashboard.menuLabel });
    await expect(menu.getByRole('link', { name: en.dashboard.link })).toBeVisible();
    await expect(menu.getByRole('link', { name: en.dashboard.addSell })).toBeVisible();
    await expect(menu.getByRole('link', { name: en.dashboard.myProducts })).toBeVisible();
    await expect(menu.getByRole('link', { name: en.dashboard.myOrders })).toHaveCount(0);
    await expect(page.getByText(en.book.notVerified)).toBeVisible();
  });

  test('a taken email is not told apart: the page says an email went out, and the owner gets it', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel(auth.nameLabel).fill('Copy Cat');
    await page.getByLabel(auth.emailLabel).fill('newseller@bigbookshelf.test');
    await page.getByLabel(auth.passwordLabel).fill('Copycat#2026');
    await page.getByRole('button', { name: en.nav.signUp, exact: true }).click();
    await expect(
      page.getByRole('status').filter({ hasText: auth.signUpMailed({ email: 'newseller@bigbookshelf.test' }) }),
    ).toBeVisible();
    await expect(page.getByText(/already exists/i)).toHaveCount(0);
    await expect(page).toHaveURL(/\/signup$/);
    await expect(mainNav(page).getByRole('link', { name: en.nav.login })).toBeVisible();
    // The server has no SMTP_URL: the owner's mail is in the development mailbox.
    await expect
      .poll(async () => (await page.request.get('/dev/mailbox')).text())
      .toMatch(/newseller@bigbookshelf\.test<\/td><td><a href="\/dev\/mailbox\/[^"]+">Someone tried to sign up/);
  });
});
