import { expect, test } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';
import { demo, logIn, mainNav, signedInPage } from './support/accounts.ts';

const { auth } = en;

test.describe('login and logout', () => {
  test('the login form shows its validation messages and the auth service’s error', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: auth.login, exact: true }).click();
    await expect(page.getByLabel(auth.emailLabel)).toHaveAccessibleDescription(auth.emailRequired);
    await expect(page.getByLabel(auth.passwordLabel)).toHaveAccessibleDescription(auth.passwordRequired);

    await page.getByLabel(auth.emailLabel).fill(demo.buyer.email);
    await page.getByLabel(auth.passwordLabel).fill('short');
    await page.getByRole('button', { name: auth.login, exact: true }).click();
    await expect(page.getByLabel(auth.passwordLabel)).toHaveAccessibleDescription(auth.loginPasswordShort);

    await page.getByLabel(auth.passwordLabel).fill('Wrong#2026');
    await page.getByRole('button', { name: auth.login, exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await expect(page.getByLabel(auth.emailLabel)).toHaveValue(demo.buyer.email);
  });

  test('after login the user goes home; Sign Out ends the session on the server', async ({ page }) => {
    await logIn(page, demo.buyer);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible();
    const [session] = (await page.context().cookies()).filter((c) => c.name.includes('session_token'));
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');

    await mainNav(page).getByRole('button', { name: en.nav.signOut }).click();
    await expect(mainNav(page).getByRole('link', { name: en.nav.login })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: en.nav.signUp })).toBeVisible();
    // The old cookie no longer opens anything.
    const replay = await page.request.get('/api/users/me', {
      headers: { cookie: `${session!.name}=${session!.value}` },
    });
    expect(replay.status()).toBe(401);
  });

  test('a guarded page sends a visitor to login and back there after', async ({ page }) => {
    await page.goto('/dashboard/allusers?page=1');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status').filter({ hasText: en.auth.signInFor.admin })).toBeVisible();
    await logIn(page, demo.admin);
    await expect(page).toHaveURL(/\/dashboard\/allusers\?page=1$/);
    await expect(page.getByRole('heading', { name: en.dashboard.allUsers })).toBeVisible();
  });

  test('a session check answered 429 is said on the page, which sends nobody to login; Try again lets them in', async ({
    browser,
    baseURL,
  }) => {
    const page = await signedInPage(browser, baseURL!, demo.buyer);
    // A proxy in front of the store, or the store itself, refusing for a while: the user is still signed in.
    let refusing = true;
    await page.route(/\/api\/auth\/get-session/, (route) =>
      refusing
        ? route.fulfill({
            status: 429,
            contentType: 'application/json',
            headers: { 'x-retry-after': '30' },
            body: JSON.stringify({ message: 'Too many requests. Please try again later.' }),
          })
        : route.fallback(),
    );
    await page.goto('/dashboard/profile');
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: en.account.checkFailed({ reason: 'Too many requests. Please try again later.' }) }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
    await expect(page.getByLabel(auth.emailLabel)).toHaveCount(0);
    // Neither Login nor Sign Out while nobody knows which applies.
    await expect(mainNav(page).getByRole('link', { name: en.nav.login })).toHaveCount(0);

    refusing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: en.profile.heading })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible();
    await page.context().close();
  });

  test('a page for another role sends the user to login', async ({ page }) => {
    await logIn(page, demo.buyer);
    await page.goto('/dashboard/allusers');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(en.auth.signInFor.role({ roles: en.auth.signInFor.roleNames.Admin }))).toBeVisible();
    await page.goto('/dashboard/addsell');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(en.auth.signInFor.role({ roles: en.auth.signInFor.roleNames.Seller }))).toBeVisible();
  });

  test('the Login form says why a guard sent the visitor there', async ({ page }) => {
    await page.goto('/dashboard/wishList');
    await expect(page.getByText(en.auth.signInFor.orders)).toBeVisible();
    const res = await page.request.get('/api/allbooks?limit=1');
    const [book] = (await res.json()) as { _id: string; bookName: string }[];
    await page.goto(`/books/${book!._id}`);
    await page.getByRole('button', { name: en.book.bookNow }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(en.auth.signInFor.book({ bookName: book!.bookName }))).toBeVisible();
  });

  test('an unknown dashboard path shows Route not found', async ({ page }) => {
    await logIn(page, demo.seller);
    await page.goto('/dashboard/no-such-page');
    await expect(page.getByText(en.dashboard.routeNotFound)).toBeVisible();
  });

  test('on a small screen the dashboard menu is a drawer that closes after a choice', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await logIn(page, demo.admin);
    await page.goto('/dashboard');
    const menu = page.getByRole('navigation', { name: en.dashboard.menuLabel });
    await expect(menu).not.toBeInViewport();
    await page.getByRole('button', { name: en.dashboard.openMenu, exact: true }).click();
    await expect(menu).toBeInViewport();
    await menu.getByRole('link', { name: en.dashboard.allSellers }).click();
    await expect(page.getByRole('heading', { name: en.dashboard.allSellers })).toBeVisible();
    await expect(menu).not.toBeInViewport();
  });
});
