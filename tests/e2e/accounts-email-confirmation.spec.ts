import { expect, test } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';
import { createAccount, logIn, mailboxLinks } from './support/accounts.ts';

const { recovery } = en;

test('a new account confirms its address from the mailed link; the profile says so until then', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'Seller', 'Confirming');
  await logIn(page, account);
  await page.goto('/dashboard/profile');
  const notice = page.getByRole('status').filter({ hasText: recovery.notConfirmed({ email: account.email }) });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: recovery.sendConfirmAgain }).click();
  await expect(page.getByRole('status').filter({ hasText: recovery.confirmSent })).toBeVisible();

  // Sign-up mailed one link and the button another; either confirms. The development mailbox has them.
  const mails = await mailboxLinks(page, account.email, en.mailTexts.auth.confirmEmail.subject, 2);
  await mails.first().click();
  await page.getByRole('link', { name: en.mailTexts.auth.confirmEmail.button }).click();
  await expect(page).toHaveURL(/\/email-confirmed$/);
  await expect(page.getByRole('status')).toHaveText(recovery.confirmed);

  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { name: en.profile.heading })).toBeVisible();
  await expect(page.getByText(recovery.notConfirmed({ email: account.email }))).toHaveCount(0);
});

test('a confirmation link that does not work says so', async ({ page }) => {
  await page.goto('/api/auth/verify-email?token=forged&callbackURL=%2Femail-confirmed');
  await expect(page).toHaveURL(/\/email-confirmed\?error=/);
  await expect(page.getByRole('alert')).toHaveText(recovery.confirmLinkInvalid);
  await expect(page.getByText(recovery.confirmHint)).toBeVisible();
});
