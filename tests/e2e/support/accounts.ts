import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';

export const demo = {
  admin: { email: 'admin@bigbookshelf.test', password: 'Admin#2026' },
  seller: { email: 'seller@bigbookshelf.test', password: 'Seller#2026' },
  newSeller: { email: 'newseller@bigbookshelf.test', password: 'Seller#2026' },
  buyer: { email: 'buyer@bigbookshelf.test', password: 'Buyer#2026' },
};

let sequence = 0;

/** A page of its own browser context, signed in through the API (the context shares the cookie). */
export async function signedInPage(browser: Browser, baseURL: string, who: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/sign-in/email', { data: who, headers: { origin: baseURL } });
  expect(res.ok()).toBe(true);
  return page;
}

/** A fresh account of our own (made through the API, in a request context of its own), so tests can change it. */
export async function createAccount(request: APIRequestContext, role: 'Buyer' | 'Seller', label: string = role) {
  sequence += 1;
  const unique = `${Date.now().toString(36)}${sequence}${Math.random().toString(36).slice(2, 6)}`;
  const account = {
    name: `${label} ${unique}`,
    email: `${label.toLowerCase().replaceAll(' ', '.')}.${unique}@example.test`,
    password: 'Fresh#2026',
    role,
  };
  const res = await request.post('/api/auth/sign-up/email', { data: account });
  expect(res.status()).toBe(200);
  return account;
}

/** Logs in through the login form and waits until the navbar shows the user (at any screen width). */
export async function logIn(page: Page, account: { email: string; password: string }) {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel(en.auth.emailLabel).fill(account.email);
  await page.getByLabel(en.auth.passwordLabel).fill(account.password);
  await page.getByRole('button', { name: en.auth.login, exact: true }).click();
  await expect(page.getByRole('link', { name: 'Your profile' })).toBeVisible();
}

/**
 * The development mailbox's links to the messages of this subject sent to `email`, once it lists `count` of them
 * (mail leaves in the background: the mailbox is opened again until then).
 */
export async function mailboxLinks(page: Page, email: string, subject: string, count = 1) {
  const links = page.getByRole('row').filter({ hasText: email }).getByRole('link', { name: subject });
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(links).toHaveCount(count, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
  return links;
}

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/**
 * A page of its own browser context signed in as a brand-new account whose address it has confirmed through the
 * link mailed at sign-up (read in the development mailbox).
 */
export async function confirmedAccountPage(
  browser: Browser,
  baseURL: string,
  role: 'Buyer' | 'Seller',
  label?: string,
) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const account = await createAccount(page.request, role, label);
  const mails = await mailboxLinks(page, account.email, en.mailTexts.auth.confirmEmail.subject);
  await mails.first().click();
  await page.getByRole('link', { name: en.mailTexts.auth.confirmEmail.button }).click();
  await expect(page).toHaveURL(/\/email-confirmed$/);
  await expect(page.getByRole('status')).toHaveText(en.recovery.confirmed);
  return { page, account };
}

/** Holds back every answer to the app's session check by `ms`, as on a slow network: the page shows before it knows. */
export function answerSessionLate(page: Page, ms = 1500) {
  return page.route('**/api/auth/get-session*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}
