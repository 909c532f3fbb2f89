import { expect, type Page, test } from '@playwright/test';
import { messages } from '#shared/messages.ts';
import { pageMessages } from '#shared/page-messages.ts';
import { createAccount, demo, logIn } from './support/accounts.ts';

const { toast } = messages;
const { dashboard } = pageMessages;

const rowOf = (page: Page, email: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });

test.describe('an admin manages users', () => {
  test('makes a user an admin', async ({ page, request }) => {
    const someone = await createAccount(request, 'Buyer', 'Promoted Buyer');
    await logIn(page, demo.admin);
    await page.goto('/dashboard/allusers');
    await expect(page.getByRole('heading', { name: dashboard.allUsers })).toBeVisible();
    const row = rowOf(page, someone.email);
    await expect(row.getByRole('cell', { name: 'Buyer', exact: true })).toBeVisible();
    // A new account has not confirmed its address yet; the demo accounts have.
    await expect(row.getByText(pageMessages.users.unconfirmed)).toBeVisible();
    await expect(rowOf(page, demo.buyer.email).getByText(pageMessages.users.unconfirmed)).toHaveCount(0);

    await row.getByRole('button', { name: `${dashboard.makeAdmin}: ${someone.name}` }).click();
    await expect(page.getByText(toast.madeAdmin)).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Admin', exact: true })).toBeVisible();
    // 'Make Admin' is hidden for admins.
    await expect(row.getByRole('button', { name: new RegExp(dashboard.makeAdmin) })).toHaveCount(0);
    await expect(rowOf(page, demo.admin.email).getByRole('button', { name: /Make Admin/ })).toHaveCount(0);
  });

  test('verifies a seller; Verify is offered to unverified sellers only', async ({ page, request }) => {
    const seller = await createAccount(request, 'Seller', 'Fresh Seller');
    await logIn(page, demo.admin);
    await page.goto('/dashboard/allsellers');
    await expect(page.getByRole('heading', { name: dashboard.allSellers })).toBeVisible();
    await expect(rowOf(page, demo.seller.email).getByRole('button', { name: /Verify/ })).toHaveCount(0);

    const row = rowOf(page, seller.email);
    await expect(row.getByText(messages.book.notVerified)).toBeVisible();
    await row.getByRole('button', { name: `${dashboard.verify}: ${seller.name}` }).click();
    await expect(page.getByText(toast.verified)).toBeVisible();
    await expect(row.getByText(messages.book.verified, { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /Verify/ })).toHaveCount(0);

    await page.goto('/dashboard/allbuyers');
    await expect(page.getByRole('heading', { name: dashboard.allBuyers })).toBeVisible();
    await expect(rowOf(page, demo.buyer.email)).toBeVisible();
    await expect(page.getByRole('button', { name: /Verify/ })).toHaveCount(0);
  });

  test('deletes a user after confirming in a dialog; cancel keeps them', async ({ page, request }) => {
    const doomed = await createAccount(request, 'Buyer', 'Doomed Buyer');
    await logIn(page, demo.admin);
    await page.goto('/dashboard/allbuyers');
    const row = rowOf(page, doomed.email);
    const deleteButton = row.getByRole('button', { name: `${pageMessages.users.delete}: ${doomed.name}` });

    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: dashboard.confirmDelete });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();

    await deleteButton.click();
    await dialog.getByRole('button', { name: pageMessages.users.delete }).click();
    await expect(page.getByText(toast.deleted)).toBeVisible();
    await expect(row).toHaveCount(0);
    // Their session ended, and they can no longer sign in.
    expect((await request.get('/api/users/me')).status()).toBe(401);
    const signIn = await request.post('/api/auth/sign-in/email', {
      data: { email: doomed.email, password: doomed.password },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(signIn.status()).toBe(401);
  });

  test('an admin cannot delete themselves from the list', async ({ page }) => {
    await logIn(page, demo.admin);
    await page.goto('/dashboard/allusers');
    await expect(rowOf(page, demo.admin.email)).toBeVisible();
    await expect(rowOf(page, demo.admin.email).getByRole('button', { name: /Delete/ })).toHaveCount(0);
  });
});
