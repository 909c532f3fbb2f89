import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect } from '#server/db/client.ts';
import { applyMigrations } from '#server/db/migrate.ts';
import { templateDatabase, withDatabase } from './database-url.ts';
import { startEmbeddedDatabaseProcess } from './embedded-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServerUrl: string;
  }
}

/**
 * One PostgreSQL for the run (TEST_DATABASE_URL's server, or an embedded one), holding a migrated
 * template database from which each test file copies its own fresh database.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bookshelf-test-'));
  chmodSync(dir, 0o755); // PostgreSQL runs as its own user and must reach its data folder
  const embedded = process.env.TEST_DATABASE_URL ? undefined : await startEmbeddedDatabaseProcess(dir);
  const serverUrl = process.env.TEST_DATABASE_URL ?? embedded!.url;

  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${templateDatabase} with (force)`);
  await admin.query(`create database ${templateDatabase}`);
  const template = connect(withDatabase(serverUrl, templateDatabase), 1);
  await applyMigrations(template);
  await template.pool.end();
  await admin.end();

  project.provide('databaseServerUrl', serverUrl);
  return async () => {
    await embedded?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
