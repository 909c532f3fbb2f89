import { type Browser, expect, type Page, test } from '@playwright/test';
import { en } from '#shared/i18n/english.ts';
import { demo } from './support/accounts.ts';
import { postBookThroughApi, uploadCoverThroughApi } from './support/listings.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Text a user typed that would run, or load something, if a page ever treated it as HTML. */
const typed = {
  name: 'Aaa <img src=x onerror=alert("name")>',
  bookName: (id: string) => `<b>Bold</b><img src=x onerror=alert("bookName")> ${id}`,
  description: '<script>alert("description")</script><img src=x onerror=alert("description")>',
  location: '<svg onload=alert("location")></svg>',
};

/** A page of its own; it fails the test on any dialog, and counts CSP violations. */
async function watchedPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { page, dialogs };
}

async function signUp(page: Page, baseURL: string, role: 'Buyer' | 'Seller', name: string) {
  const account = { name, email: `xss.${role.toLowerCase()}.${unique()}@example.test`, password: 'Fresh#2026', role };
  const res = await page.request.post('/api/auth/sign-up/email', { data: account, headers: { origin: baseURL } });
  expect(res.status()).toBe(200);
  return account;
}

async function signIn(page: Page, baseURL: string, who: { email: string; password: string }) {
  const res = await page.request.post('/api/auth/sign-in/email', { data: who, headers: { origin: baseURL } });
  expect(res.ok()).toBe(true);
}

async function listBook(page: Page, baseURL: string, bookName: string) {
  const image = await uploadCoverThroughApi(page, baseURL, '#2e8c5e');
  return postBookThroughApi(page, baseURL, {
    bookName,
    image,
    location: typed.location,
    description: typed.description,
  });
}

/** The typed text shows as text, and none of it became an element or ran. */
async function expectInert(page: Page, dialogs: string[], texts: string[]) {
  for (const text of texts) await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('b', { hasText: 'Bold' })).toHaveCount(0);
  await expect(page.locator('svg[onload]')).toHaveCount(0);
  await expect(page.locator('script:not([src])')).toHaveCount(0);
  expect(dialogs).toEqual([]);
}

test('text users typed shows literally on every page that shows it, and never runs', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const origin = baseURL!;
  const id = unique();
  const shown = typed.bookName(id);
  const reportedName = typed.bookName(`${id}-reported`);

  const seller = await watchedPage(browser, origin);
  await signUp(seller.page, origin, 'Seller', `${typed.name} ${id}`);
  const bookId = await listBook(seller.page, origin, shown);
  const reportedId = await listBook(seller.page, origin, reportedName);
  expect((await seller.page.request.put(`/api/books/${bookId}`, { headers: { origin } })).status()).toBe(200);

  const buyer = await watchedPage(browser, origin);
  await signUp(buyer.page, origin, 'Buyer', `Bea ${id}`);
  const report = await buyer.page.request.put(`/api/books/report/${reportedId}`, { headers: { origin }, data: {} });
  expect(report.status()).toBe(200);

  // Home (advertised) and the category page, as a visitor and as a buyer.
  const visitor = await watchedPage(browser, origin);
  await visitor.page.goto('/');
  await expect(visitor.page.getByRole('region', { name: en.home.advertisedHeading })).toBeVisible();
  await expectInert(visitor.page, visitor.dialogs, [shown]);

  await buyer.page.goto('/categoryBooks/Poetry');
  // (One report leaves a book listed, so the reported one is on the page too: name the card exactly.)
  const card = buyer.page.getByRole('article', { name: shown, exact: true });
  await expect(card).toContainText(typed.description);
  await expect(card).toContainText(typed.location);
  await expect(card).toContainText(`${typed.name} ${id}`);
  await expectInert(buyer.page, buyer.dialogs, [shown]);

  // The buyer books it: My Orders shows the name.
  const booked = await buyer.page.request.post('/api/booking', {
    headers: { origin },
    data: { bookId, contact: '+1 555 0142', meetinglocation: typed.location },
  });
  expect(booked.status()).toBe(200);
  await buyer.page.goto('/dashboard/wishList');
  await expectInert(buyer.page, buyer.dialogs, [shown]);

  // The seller's My Products.
  await seller.page.goto('/dashboard/myProducts');
  await expectInert(seller.page, seller.dialogs, [shown, reportedName]);

  // The admin's users lists and Reported Items.
  const admin = await watchedPage(browser, origin);
  await signIn(admin.page, origin, demo.admin);
  for (const list of ['/dashboard/allusers', '/dashboard/allsellers']) {
    await admin.page.goto(list);
    await expectInert(admin.page, admin.dialogs, [`${typed.name} ${id}`]);
  }
  await admin.page.goto('/dashboard/reportedItem');
  await expectInert(admin.page, admin.dialogs, [reportedName]);
});

test('pages run no inline script and break no rule of their Content-Security-Policy', async ({ browser, baseURL }) => {
  const { page } = await watchedPage(browser, baseURL!);
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportViolation(v: string): void }).reportViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });

  const html = await (await page.request.get('/', { headers: { accept: 'text/html' } })).text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attributes, body] of scripts) {
    expect(attributes).toMatch(/\bsrc=/);
    expect(body!.trim()).toBe('');
  }
  expect(html).not.toMatch(/\son[a-z]+=/i);

  for (const path of ['/', '/categoryBooks/Poetry', '/login', '/signup', '/blogs', '/about', '/no-such-page']) {
    const response = await page.goto(path);
    const policy = response!.headers()['content-security-policy']!;
    const scriptSrc = policy.split(';').find((d) => d.trim().startsWith('script-src'))!;
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(policy).toContain("frame-ancestors 'none'");
    await expect(page.locator('#root')).not.toBeEmpty();
  }
  expect(violations).toEqual([]);
});
