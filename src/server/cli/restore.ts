import path from 'node:path';
import { parseArgs } from 'node:util';
import { readManifest, restoreBackup, whyNotEmpty } from '#server/backup/backup.ts';
import { applyMigrations } from '#server/db/migrate.ts';
import { readEnv } from '#server/env.ts';
import { openStore } from './open-store.ts';

const usage = `Brings a backup made by \`npm run backup\` back into an empty store.

  npm run restore -- backups/bookshelf-2026-11-23T15-04-05Z

Restores into DATABASE_URL (a new, empty database), or into the embedded database of DATA_DIR (an empty or new
folder), and DATA_DIR/images. A store that already holds anything is refused: nothing is overwritten.`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || positionals.length !== 1) {
    console.log(usage);
    return values.help ? 0 : 1;
  }
  const folder = path.resolve(positionals[0]!);
  let store: Awaited<ReturnType<typeof openStore>> | undefined;
  let started = false;
  try {
    const manifest = await readManifest(folder);
    const env = readEnv();
    store = await openStore(env, 'restore');
    const notEmpty = await whyNotEmpty(store);
    if (notEmpty) {
      const where = env.DATABASE_URL ? 'DATABASE_URL and DATA_DIR' : `DATA_DIR (${env.DATA_DIR})`;
      console.error(`Refusing to restore: ${notEmpty}. Restore into an empty store: point ${where} at a new one.`);
      return 1;
    }
    const target = store;
    started = true;
    await restoreBackup(target, folder, manifest, () => applyMigrations(target));
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`Restored ${manifest.tables.length} tables (${rows} rows) and ${manifest.pictures.length} pictures`);
    console.log(`from the backup of ${manifest.createdAt}.`);
    return 0;
  } catch (error) {
    console.error(`The restore failed: ${error instanceof Error ? error.message : error}`);
    if (started) console.error('The store may now hold part of the backup: empty it before trying again.');
    return 1;
  } finally {
    await store?.close();
  }
}

process.exit(await main());
