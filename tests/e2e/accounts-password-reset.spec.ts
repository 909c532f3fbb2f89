import { expect, test } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';
import { createAccount, logIn, mailboxLinks } from './support/accounts.ts';

const { recovery } = en;

test.describe('a person who forgot their password', () => {
  test('asks for a link on the Login page, follows it from the mail, sets a new password and logs in with it', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request, 'Buyer', 'Forgetful');

    await page.goto('/login');
    await page.getByRole('link', { name: en.auth.forgotPassword }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { name: recovery.forgotHeading })).toBeVisible();
    await page.getByLabel(en.auth.emailLabel).fill(account.email);
    await page.getByRole('button', { name: recovery.sendLink }).click();
    await expect(page.getByRole('status')).toHaveText(recovery.linkSent({ email: account.email }));

    // The e2e server has no SMTP_URL: the mail is in the development mailbox, as a developer would find it.
    await (await mailboxLinks(page, account.email, en.mailTexts.auth.resetPassword.subject)).click();
    await page.getByRole('link', { name: en.mailTexts.auth.resetPassword.button }).click();

    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await page.getByLabel(recovery.newPasswordLabel, { exact: true }).fill('Remembered#2026');
    await page.getByLabel(recovery.confirmPasswordLabel).fill('Remembered#2027');
    await page.getByRole('button', { name: recovery.savePassword }).click();
    await expect(page.getByLabel(recovery.confirmPasswordLabel)).toHaveAccessibleDescription(recovery.passwordsDiffer);
    await page.getByLabel(recovery.confirmPasswordLabel).fill('Remembered#2026');
    await page.getByRole('button', { name: recovery.savePassword }).click();
    await expect(page.getByText(recovery.passwordSet)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await logIn(page, { email: account.email, password: 'Remembered#2026' });
    const old = await request.post('/api/auth/sign-in/email', {
      data: { email: account.email, password: account.password },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(old.status()).toBe(401);
  });

  test('a link used once shows that it no longer works, with a way to ask again', async ({ page }) => {
    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByLabel(recovery.newPasswordLabel, { exact: true }).fill('Whatever#2026');
    await page.getByLabel(recovery.confirmPasswordLabel).fill('Whatever#2026');
    await page.getByRole('button', { name: recovery.savePassword }).click();
    await expect(page.getByRole('alert')).toHaveText(recovery.linkInvalid);
    await page.getByRole('link', { name: recovery.askAgain }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });
});
