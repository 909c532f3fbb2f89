import { chmodSync, mkdirSync } from 'node:fs';
import pg from 'pg';
import { connect, type Database } from '#server/db/client.ts';
import { startEmbeddedPostgres } from '#server/db/embedded.ts';
import { applyMigrations } from '#server/db/migrate.ts';

export interface BenchDatabase extends Database {
  /** 'embedded' or 'DATABASE_URL', as the results name it. */
  label: string;
  url: string;
  version: string;
  close(): Promise<void>;
}

function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs the statements one after the other on a connection of their own to the server `serverUrl` names. */
async function onServer(serverUrl: string, ...statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

const dropStatement = (name: string) => `drop database if exists ${name} with (force)`;
const createDatabase = (serverUrl: string, name: string) =>
  onServer(serverUrl, dropStatement(name), `create database ${name}`);
const dropDatabase = (serverUrl: string, name: string) => onServer(serverUrl, dropStatement(name));

async function open(label: string, url: string, cleanup: () => Promise<void>): Promise<BenchDatabase> {
  const { db, pool } = connect(url, 4);
  try {
    await applyMigrations({ db, pool });
    const { rows } = await pool.query<{ server_version: string }>('show server_version');
    return {
      label,
      url,
      db,
      pool,
      version: rows[0]?.server_version ?? 'unknown',
      async close() {
        await pool.end();
        await cleanup();
      },
    };
  } catch (error) {
    await pool.end();
    await cleanup();
    throw error;
  }
}

const benchDatabase = 'bookshelf_bench';

/** A fresh empty database `name` on the server the database URL `beside` is on; returns its URL. */
export async function createDatabaseBeside(beside: string, name: string): Promise<string> {
  await createDatabase(withDatabase(beside, 'postgres'), name);
  return withDatabase(beside, name);
}

/** A fresh embedded PostgreSQL with its data under `dir`, stopped by close(). */
export async function openEmbeddedDatabase(dir: string): Promise<BenchDatabase> {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755); // PostgreSQL runs as its own user and must reach its data folder
  const server = await startEmbeddedPostgres(dir, () => {});
  try {
    await createDatabase(server.url, benchDatabase);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return open('embedded', withDatabase(server.url, benchDatabase), () => server.stop());
}

/** A fresh database of the bench's own on the DATABASE_URL server (replacing one an interrupted run left), dropped by close(). */
export async function openServerDatabase(serverUrl: string): Promise<BenchDatabase> {
  await createDatabase(serverUrl, benchDatabase);
  return open('DATABASE_URL', withDatabase(serverUrl, benchDatabase), () => dropDatabase(serverUrl, benchDatabase));
}
