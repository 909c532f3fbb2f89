import { test as base } from '@playwright/test';
import { bookedBookAndBuyer } from './orders.ts';

/** Playwright's `test` with `booked`: each test's own `bookedBookAndBuyer`, its pages closed after the test. */
export const test = base.extend<{ booked: Awaited<ReturnType<typeof bookedBookAndBuyer>> }>({
  booked: async ({ browser, baseURL }, use) => {
    const booked = await bookedBookAndBuyer(browser, baseURL!);
    await use(booked);
    await Promise.all([booked.page.context().close(), booked.seller.context().close()]);
  },
});
