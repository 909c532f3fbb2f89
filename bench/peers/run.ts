import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { browserHeaders, categoryPath } from '../api-suite.ts';
import { startAppServer } from '../app-server.ts';
import { startBaselineServer } from '../baseline-server.ts';
import { signalAllChildren, stopAllChildren } from '../children.ts';
import { readBenchConfig } from '../config.ts';
import { type BenchDatabase, createDatabaseBeside, openEmbeddedDatabase } from '../database.ts';
import { type LoadPlan, type LoadSettings, measureAlone, measureInTurns, warmUp } from '../load.ts';
import { describeMachine } from '../machine.ts';
import { runToTheEnd } from '../run-to-the-end.ts';
import { addBooks, benchSearches, seedPeopleAndCategories, settle } from '../seed-catalogue.ts';
import { exportBooks, installMedusa, migrateMedusa, seedMedusa, startMedusa, storefrontKeys } from './medusa-peer.ts';
import { type Answer, type PeerRow, renderPeerResults } from './report.ts';

/**
 * `npm run bench:peers`: the Big Bookshelf beside Medusa 2 on the same embedded PostgreSQL server, with the same
 * books in the same categories, asked for a category's first 24 books and for a search's, in turns with the
 * machine's limit, in one run. Writes bench/RESULTS-peers.md.
 */
const config = readBenchConfig();
/** Medusa's workflows create a few dozen products a second: 100,000 would take the best part of an hour. */
const books = process.env.BENCH_BOOKS ? config.books : 10_000;
const medusaPort = Number(process.env.BENCH_PEER_PORT ?? 4183);
const category = 'Fiction';
const word = benchSearches.common;
/** Requests one client makes one after another, to price one answer without queueing: Medusa's take a while. */
const aloneRequests = 50;

const workDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-peers-'));
chmodSync(workDir, 0o755); // the embedded PostgreSQL runs as its own user and must reach its data folder
let database: BenchDatabase | undefined;

process.on('exit', () => {
  signalAllChildren();
  rmSync(workDir, { recursive: true, force: true, maxRetries: 3 });
});

async function cleanUp(): Promise<void> {
  await stopAllChildren();
  await database?.close().catch((e) => console.error(e));
  database = undefined;
}

const seconds = (since: number) => Math.round((Date.now() - since) / 1000);

/** One request before the load, which must succeed: the answer's JSON size and how it was sent. */
async function probe(name: string, plan: LoadPlan): Promise<Answer> {
  const res = await fetch(plan.url, { headers: plan.headers });
  const body = Buffer.from(await res.arrayBuffer());
  if (!res.ok) throw new Error(`${name} answered ${res.status}: ${body.toString().slice(0, 200)}`);
  return { bytes: body.length, encoding: res.headers.get('content-encoding') ?? 'none' };
}

async function main(): Promise<void> {
  const started = Date.now();
  installMedusa();
  const baseline = await startBaselineServer(config.baselinePort);
  const settings: LoadSettings = { ...config, limitUrl: `${baseline.url}/` };

  database = await openEmbeddedDatabase(path.join(workDir, 'embedded'));
  const postgres = database.version;
  const dataDir = path.join(workDir, 'app');
  let since = Date.now();
  console.log(`seeding the Big Bookshelf: ${config.users} users, ${books} books`);
  const catalogue = await seedPeopleAndCategories(database.pool, {
    users: config.users,
    categories: config.categories,
    dataDir,
  });
  await addBooks(database.pool, catalogue, 1, books);
  await settle(database.pool);
  const ourSeed = seconds(since);

  since = Date.now();
  console.log('Medusa: migrations');
  const medusaUrl = await createDatabaseBeside(database.url, 'medusa_bench');
  await migrateMedusa(medusaUrl);
  const medusaMigrate = seconds(since);
  since = Date.now();
  console.log(`Medusa: ${books} products by its workflows`);
  const booksFile = path.join(workDir, 'books.jsonl');
  await exportBooks(database.pool, booksFile);
  await seedMedusa(
    medusaUrl,
    booksFile,
    catalogue.categories.map((c) => c.name),
  );
  const medusaSeed = seconds(since);
  await settle(database.pool); // the same server: Medusa's tables vacuumed and analyzed too, as the bench's are
  const { publishableKey, categoryId } = await storefrontKeys(medusaUrl, category);

  const webRoot = path.join(workDir, 'web'); // no web app built: only the API is asked
  mkdirSync(webRoot);
  const app = await startAppServer({ databaseUrl: database.url, port: config.appPort, dataDir, webRoot });
  const medusa = await startMedusa(medusaUrl, medusaPort, path.join(workDir, 'medusa.log'));
  const store = `http://127.0.0.1:${medusaPort}/store/products`;
  const medusaHeaders = { ...browserHeaders, 'x-publishable-api-key': publishableKey };
  const plans: { row: Omit<PeerRow, 'medusa' | 'ours'>; medusa: LoadPlan; ours: LoadPlan }[] = [
    {
      row: { what: `a category's first 24 books (${category})` },
      medusa: { url: `${store}?category_id[]=${categoryId}&limit=24`, headers: medusaHeaders },
      ours: { url: `${app.url}${categoryPath(category)}?page=1`, headers: browserHeaders },
    },
    {
      row: { what: `a search's first 24 books ("${word}")` },
      medusa: { url: `${store}?q=${word}&limit=24`, headers: medusaHeaders },
      ours: { url: `${app.url}/api/search?q=${word}&page=1&limit=24`, headers: browserHeaders },
    },
  ];

  console.log('warming up the machine limit (node:http, constant JSON)');
  await warmUp({ url: settings.limitUrl }, settings);
  const rows: PeerRow[] = [];
  for (const plan of plans) {
    console.log(`  one client: ${plan.row.what}`);
    rows.push({
      ...plan.row,
      medusa: {
        url: plan.medusa.url,
        answer: await probe('Medusa', plan.medusa),
        alone: await measureAlone(plan.medusa, aloneRequests),
      },
      ours: {
        url: plan.ours.url,
        answer: await probe('the Big Bookshelf', plan.ours),
        alone: await measureAlone(plan.ours, aloneRequests),
      },
    });
  }
  console.log(`  at ${config.connections} connections, in turns: Medusa's and ours, each list and search`);
  const { results, limit } = await measureInTurns(
    plans.flatMap((plan) => [plan.medusa, plan.ours]),
    settings,
  );
  for (const [i, row] of rows.entries()) {
    row.medusa.load = results[2 * i];
    row.ours.load = results[2 * i + 1];
  }
  await medusa.stop();
  await app.child.stop();
  await cleanUp();
  console.log(JSON.stringify({ rows, limit })); // the raw figures, should the report fail

  const markdown = renderPeerResults({
    date: new Date(),
    config: { ...config, books },
    machine: describeMachine(),
    postgres,
    seeding: { ourSeed, medusaMigrate, medusaSeed },
    rows,
    limit,
  });
  const file = path.join(import.meta.dirname, '..', 'RESULTS-peers.md');
  writeFileSync(file, `${markdown}\n`);
  console.log(`\n${markdown}\nwritten to ${file} in ${seconds(started)} s`);
}

await runToTheEnd(() => main(), cleanUp);
