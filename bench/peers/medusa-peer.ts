import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type Child, ensurePortFree, runNodeScript, startNodeChild, waitForHttp } from '../children.ts';

/** Medusa 2's project: its own package.json and lock, installed here only, never by the root `npm ci`. */
export const medusaDir = path.join(import.meta.dirname, 'medusa');
const cli = path.join(medusaDir, 'node_modules/@medusajs/cli/cli.js');

/** Medusa reads these from its environment (medusa-config.ts); no REDIS_URL, so its modules are in memory. */
function medusaEnv(databaseUrl: string): Record<string, string> {
  return {
    // Medusa asks PostgreSQL for TLS unless the address says localhost or sslmode=disable; the embedded server
    // listens on a Unix socket, without TLS.
    DATABASE_URL: `${databaseUrl}?sslmode=disable`,
    JWT_SECRET: 'bench-peer-jwt',
    COOKIE_SECRET: 'bench-peer-cookie',
    MEDUSA_DISABLE_TELEMETRY: 'true',
  };
}

/** `npm ci` of Medusa's project when its node_modules is missing (about three minutes, 700 MB). */
export function installMedusa(): void {
  if (existsSync(cli)) return;
  console.log('installing Medusa (npm ci --prefix bench/peers/medusa)');
  execFileSync('npm', ['ci', '--prefix', medusaDir, '--no-audit', '--no-fund'], { stdio: 'inherit' });
}

/** The Big Bookshelf's books as Medusa's seed script reads them: one JSON object a line, oldest first. */
export async function exportBooks(pool: pg.Pool, file: string): Promise<number> {
  const { rows } = await pool.query(
    `select b.book_name as title, b.description, c.name as category, b.condition,
            b.resale_price_cents / 100.0 as price, b.thumbnail
     from books b join categories c on c.id = b.category_id
     order by b.post_date`,
  );
  writeFileSync(file, rows.map((row) => `${JSON.stringify({ ...row, price: Number(row.price) })}\n`).join(''));
  return rows.length;
}

/** Medusa's migrations (`medusa db:migrate`) on an empty database. */
export async function migrateMedusa(databaseUrl: string): Promise<void> {
  await runNodeScript('medusa db:migrate', [cli, 'db:migrate'], medusaEnv(databaseUrl), 15 * 60_000, medusaDir);
}

/** The books in `booksFile` as Medusa products in `categories`, by its own workflows (src/scripts/seed.ts). */
export async function seedMedusa(databaseUrl: string, booksFile: string, categories: string[]): Promise<void> {
  await runNodeScript(
    'medusa exec seed',
    [cli, 'exec', './src/scripts/seed.ts'],
    { ...medusaEnv(databaseUrl), PEER_BOOKS: booksFile, PEER_CATEGORIES: JSON.stringify(categories) },
    120 * 60_000,
    medusaDir,
  );
}

/** What a storefront needs to ask Medusa for a category: the seed's publishable key, and the category's id. */
export async function storefrontKeys(
  databaseUrl: string,
  category: string,
): Promise<{ publishableKey: string; categoryId: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const key = await client.query<{ token: string }>(
      `select token from api_key where type = 'publishable' and title = 'Bench'`,
    );
    const cat = await client.query<{ id: string }>('select id from product_category where name = $1', [category]);
    return { publishableKey: key.rows[0]!.token, categoryId: cat.rows[0]!.id };
  } finally {
    await client.end();
  }
}

/** `medusa start` (production mode, admin off), its log in `logFile` as the app server's is. */
export async function startMedusa(databaseUrl: string, port: number, logFile: string): Promise<Child> {
  await ensurePortFree(port);
  const child = startNodeChild(
    'Medusa',
    [cli, 'start', '--port', String(port)],
    medusaEnv(databaseUrl),
    logFile,
    medusaDir,
  );
  await waitForHttp(child, `http://127.0.0.1:${port}/health`, 180_000);
  return child;
}
