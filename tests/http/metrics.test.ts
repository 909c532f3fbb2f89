import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAttemptMail } from '#server/auth/auth.mail.ts';
import { addJob } from '#server/jobs/job-queue.ts';
import { queueMailNow } from '#server/mail/outbox.ts';
import { createBook, createCategory } from '../support/factories.ts';
import { listenAsServed, type ServedListener } from '../support/served-listener.ts';
import { type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The node server as server.ts builds it (the public-list fast path in front of the app), with METRICS_TOKEN.
const token = 'metrics-token-for-the-test-0123456789';
let t: TestApp;
let inbox: SmtpInbox;
let served: ServedListener | undefined;
let base: string;
const category = 'Poetry & Drama';

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ METRICS_TOKEN: token, SMTP_URL: inbox.url, CACHE_MAX_STALENESS_MS: '60000' });
  t.deps.metrics.watchPool('primary', t.pool);
  const seller = await t.newUser('Seller');
  const { id } = await createCategory(t.db, { name: category });
  await createBook(t.db, { sellerId: seller.id, categoryId: id });
  served = await listenAsServed(t.deps);
  base = served.base;
});
afterAll(async () => {
  await served?.close();
  await t?.close();
  await inbox?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });
const scrape = async () => {
  const res = await get('/metrics', { authorization: `Bearer ${token}` });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
};
/** The value of one series in the scrape, or undefined when it is absent. */
const seriesValue = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};
const requests = (route: string, status: number) =>
  `bookshelf_http_request_duration_seconds_count{method="GET",route="${route}",status="${status}"}`;

describe('GET /metrics', () => {
  it('needs the bearer token: none or a wrong one answers 401 in the error shape', async () => {
    for (const authorization of [undefined, `Bearer ${token}x`, token, 'Bearer ', `Basic ${token}`]) {
      const res = await get('/metrics', authorization ? { authorization } : {});
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('takes the scheme in any case, as HTTP allows', async () => {
    expect((await get('/metrics', { authorization: `bearer ${token}` })).status).toBe(200);
  });

  it('is not served without METRICS_TOKEN', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.call('GET', '/metrics', { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('counts requests by route pattern and status, those the fast path answers too, and the cache hits', async () => {
    const before = await scrape();
    const listPath = `/api/books/${encodeURIComponent(category)}?page=1&limit=5`;
    // The first of each is built by the app (a miss); the rest are hits, answered before the router.
    for (let i = 0; i < 5; i++) expect((await get('/api/booksCategory')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await get(listPath)).status).toBe(200);
    expect((await get('/api/books/item/not-an-id')).status).toBe(400);
    expect((await get('/api/no-such-call')).status).toBe(404);

    const after = await scrape();
    const grew = (series: string) => (seriesValue(after, series) ?? 0) - (seriesValue(before, series) ?? 0);
    expect(grew(requests('/api/booksCategory', 200))).toBe(5);
    expect(grew(requests('/api/books/:categoryName', 200))).toBe(3);
    expect(grew(requests('/api/books/item/:id', 400))).toBe(1);
    expect(grew(requests('/api/*', 404))).toBe(1);
    // Label values are route patterns, never what a client typed.
    expect(after).not.toContain('no-such-call');
    expect(after).not.toContain('not-an-id');
    expect(after).not.toContain(encodeURIComponent(category));
    expect(grew('bookshelf_cache_lookups_total{cache="lists",result="hit"}')).toBe(6);
    expect(grew('bookshelf_cache_lookups_total{cache="lists",result="miss"}')).toBe(2);
    expect(after).toMatch(
      /^bookshelf_http_request_duration_seconds_bucket\{le="0\.001",method="GET",route="\/api\/booksCategory",status="200"\} \d+$/m,
    );
  });

  it('shows the database pool, the job queue by task and state, and the mail sent and failed', async () => {
    // A job that fails its only attempt, one waiting for tomorrow, and one message sent, then one the mail
    // server is down for.
    await t.pool.query(
      `select graphile_worker.add_job('expire-hold', '{"bookingId": "not-a-uuid"}'::json, max_attempts => 1)`,
    );
    await addJob(t.db, 'reconcile-ledger', {}, { runAt: new Date(Date.now() + 86_400_000) });
    const user = await t.newUser('Buyer');
    await queueMailNow(t.db, signUpAttemptMail({ userId: user.id }));
    await t.runJobs();
    await inbox.stop();
    await queueMailNow(t.db, signUpAttemptMail({ userId: user.id }));
    await t.runJobs();
    await inbox.start();

    const text = await scrape();
    expect(seriesValue(text, 'bookshelf_jobs{task="expire-hold",state="failed"}')).toBe(1);
    expect(seriesValue(text, 'bookshelf_jobs{task="reconcile-ledger",state="scheduled"}')).toBe(1);
    expect(seriesValue(text, 'bookshelf_mail_unsent{state="waiting"}')).toBe(1);
    expect(seriesValue(text, 'bookshelf_mail_unsent{state="failed"}')).toBe(0);
    expect(seriesValue(text, 'bookshelf_mail_sent_total')).toBe(1);
    expect(seriesValue(text, 'bookshelf_mail_failed_total')).toBe(1);
    expect(seriesValue(text, 'bookshelf_db_pool_connections{pool="primary"}')).toBeGreaterThan(0);
    expect(seriesValue(text, 'bookshelf_db_pool_waiting{pool="primary"}')).toBe(0);
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('shows the pictures being decoded, waiting for their turn, and turned away', async () => {
    const text = await scrape();
    expect(seriesValue(text, 'bookshelf_image_work{state="running"}')).toBe(0);
    expect(seriesValue(text, 'bookshelf_image_work{state="waiting"}')).toBe(0);
    expect(seriesValue(text, 'bookshelf_image_work_refused_total')).toBe(0);
  });
});
