import { expect, type Page, test } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';

/** Signs in on the OpenID provider's own pages inside the popup (its development login and consent forms). */
async function signInAtProvider(popup: Page, email: string) {
  await popup.getByPlaceholder('Enter any login').fill(email);
  await popup.getByPlaceholder('and password').fill('anything');
  await popup.getByRole('button', { name: 'Sign-in' }).click();
  await popup.getByRole('button', { name: 'Continue' }).click();
}

test.describe('Continue with Google (against a real OpenID provider on 127.0.0.1)', () => {
  test('signs a new person in through a popup: the popup closes, this window stays and is signed in as a Buyer', async ({
    page,
  }) => {
    const email = `olive.${Date.now().toString(36)}@example.test`;
    await page.goto('/dashboard/wishList');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(/Signs you in through 127\.0\.0\.1/)).toBeVisible();

    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: en.auth.continueWithGoogle }).click();
    const popup = await popupOpened;
    const closed = popup.waitForEvent('close');
    await signInAtProvider(popup, email);
    await closed;

    // The main window never left; it is now signed in and goes where the user was headed.
    await expect(page).toHaveURL(/\/dashboard\/wishList$/);
    await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible();
    const me = await page.request.get('/api/users/me');
    expect(await me.json()).toMatchObject({ email, role: 'Buyer', name: expect.stringMatching(/^Olive/) });
    const menu = page.getByRole('navigation', { name: en.dashboard.menuLabel });
    await expect(menu.getByRole('link', { name: en.dashboard.myOrders })).toBeVisible();
  });

  test('signs the person in when the popup closes before its message arrives', async ({ page }) => {
    // The popup posts the sign-in back and closes at once; the opener's poll for a closed popup can run
    // before the message is delivered. Here the message is lost altogether: only the close is seen.
    await page.addInitScript(() => {
      const lose = (event: MessageEvent) => {
        if (event.data?.type === 'better-auth:oauth-popup') event.stopImmediatePropagation();
      };
      window.addEventListener('message', lose, true);
    });
    await page.goto('/login');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: en.auth.continueWithGoogle }).click();
    const popup = await popupOpened;
    const closed = popup.waitForEvent('close');
    await signInAtProvider(popup, `rex.${Date.now().toString(36)}@example.test`);
    await closed;

    await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible();
    await expect(page).not.toHaveURL(/\/login$/);
    await expect(page.getByText(en.auth.popupClosed)).toHaveCount(0);
  });

  test('says so when the popup is closed before signing in', async ({ page }) => {
    await page.goto('/login');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: en.auth.continueWithGoogle }).click();
    const popup = await popupOpened;
    await popup.close();
    await expect(page.getByRole('alert').filter({ hasText: en.auth.popupClosed })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});
