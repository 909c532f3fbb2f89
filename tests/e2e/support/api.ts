import { expect, type Page } from '@playwright/test';

/** Posts `data` (JSON) to the API as the page's user, expects `status`, and answers the body it sent back. */
export async function postThroughApi<Body>(page: Page, baseURL: string, path: string, data: unknown, status = 200) {
  const res = await page.request.post(path, { data, headers: { origin: baseURL } });
  expect(res.status()).toBe(status);
  return (await res.json()) as Body;
}
