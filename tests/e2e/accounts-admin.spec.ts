import { expect, type Page, test } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';
import { createAccount, demo, logIn } from './support/accounts.ts';

const { toast } = en;
const { dashboard, users } = en;

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
    await expect(row.getByText(en.users.unconfirmed)).toBeVisible();
    await expect(rowOf(page, demo.buyer.email).getByText(en.users.unconfirmed)).toHaveCount(0);

    await row.getByRole('button', { name: `${dashboard.makeAdmin}: ${someone.name}` }).click();
    const dialog = page.getByRole('dialog', { name: users.confirmMakeAdmin({ name: someone.name }) });
    await expect(dialog.getByText(users.keepsAs.Buyer)).toBeVisible();
    await dialog.getByRole('button', { name: dashboard.makeAdmin }).click();
    await expect(page.getByText(toast.madeAdmin)).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Admin', exact: true })).toBeVisible();
    // 'Make Admin' is hidden for admins.
    await expect(row.getByRole('button', { name: new RegExp(dashboard.makeAdmin) })).toHaveCount(0);
    await expect(rowOf(page, demo.admin.email).getByRole('button', { name: /Make Admin/ })).toHaveCount(0);
  });

  test('on a phone, makes a seller an admin after confirming, then takes it back; she keeps selling', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const seller = await createAccount(request, 'Seller', 'Phone Seller');
    await logIn(page, demo.admin);
    await page.goto('/dashboard/allusers');
    await page.getByLabel(users.search).fill(seller.email);
    const card = page.getByTestId('user').filter({ hasText: seller.email });
    await expect(card).toHaveCount(1);
    await expect(page.getByTestId('user')).toHaveCount(1);
    await expect(card.getByText(users.joined)).toBeVisible();
    await expect(card.getByText(users.lastActive)).toBeVisible();
    const makeAdmin = card.getByRole('button', { name: `${dashboard.makeAdmin}: ${seller.name}` });
    await expect(makeAdmin).toBeInViewport();
    // Nothing sits off-screen: the page is no wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('users-390.png'), fullPage: true });

    // Cancelling changes nothing.
    await makeAdmin.click();
    const making = page.getByRole('dialog', { name: users.confirmMakeAdmin({ name: seller.name }) });
    await expect(making.getByText(users.keepsAs.Seller)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('make-admin-390.png') });
    await making.getByRole('button', { name: en.dialog.cancel }).click();
    await expect(making).toBeHidden();
    await expect(card.getByText('Seller', { exact: true })).toBeVisible();

    await makeAdmin.click();
    await making.getByRole('button', { name: dashboard.makeAdmin }).click();
    await expect(page.getByText(toast.madeAdmin)).toBeVisible();
    await expect(card.getByText(users.alsoSells)).toBeVisible();

    await card.getByRole('button', { name: `${users.revokeAdmin}: ${seller.name}` }).click();
    const revoking = page.getByRole('dialog', { name: users.confirmRevokeAdmin({ name: seller.name }) });
    await expect(revoking.getByText(users.becomes({ role: 'Seller' }))).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('revoke-admin-390.png') });
    await revoking.getByRole('button', { name: users.revokeAdmin }).click();
    await expect(page.getByText(users.adminRevoked)).toBeVisible();
    await expect(card.getByText('Seller', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: `${dashboard.makeAdmin}: ${seller.name}` })).toBeVisible();
  });

  test('the user list at 1280 px: filters and every column on screen', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await logIn(page, demo.admin);
    await page.goto('/dashboard/allusers');
    await expect(rowOf(page, demo.seller.email)).toBeVisible();
    await page.getByLabel(users.role, { exact: true }).selectOption('Seller');
    await expect(rowOf(page, demo.buyer.email)).toHaveCount(0);
    await expect(rowOf(page, demo.seller.email)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await page.screenshot({ path: test.info().outputPath('users-1280.png'), fullPage: true });
    await rowOf(page, demo.seller.email)
      .getByRole('button', { name: new RegExp(`^${dashboard.makeAdmin}`) })
      .click();
    await page.screenshot({ path: test.info().outputPath('make-admin-1280.png') });
    await page.keyboard.press('Escape');
  });

  test('verifies a seller; Verify is offered to unverified sellers only', async ({ page, request }) => {
    const seller = await createAccount(request, 'Seller', 'Fresh Seller');
    await logIn(page, demo.admin);
    await page.goto('/dashboard/allsellers');
    await expect(page.getByRole('heading', { name: dashboard.allSellers })).toBeVisible();
    await expect(rowOf(page, demo.seller.email).getByRole('button', { name: /Verify/ })).toHaveCount(0);

    const row = rowOf(page, seller.email);
    await expect(row.getByText(en.book.notVerified)).toBeVisible();
    await row.getByRole('button', { name: `${dashboard.verify}: ${seller.name}` }).click();
    await expect(page.getByText(toast.verified)).toBeVisible();
    await expect(row.getByText(en.book.verified, { exact: true })).toBeVisible();
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
    const deleteButton = row.getByRole('button', { name: `${en.users.delete}: ${doomed.name}` });

    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: dashboard.confirmDelete });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();

    await deleteButton.click();
    await dialog.getByRole('button', { name: en.users.delete }).click();
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
