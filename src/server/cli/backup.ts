import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeBackup } from '#server/backup/backup.ts';
import { readEnv } from '#server/env.ts';
import { openStore } from './open-store.ts';

const usage = `Writes a backup of the store (every table's rows from one snapshot, and every picture) into a new folder.

  npm run backup                       # into backups/bookshelf-<date and time>
  npm run backup -- /mnt/backups/monday

Uses DATABASE_URL, or the embedded database in DATA_DIR (while the server runs, or not), and DATA_DIR/images.
Bring it back with: npm run restore -- <folder>`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || positionals.length > 1) {
    console.log(usage);
    return values.help ? 0 : 1;
  }
  const stamp = new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  const folder = path.resolve(positionals[0] ?? path.join('backups', `bookshelf-${stamp}`));
  let store: Awaited<ReturnType<typeof openStore>> | undefined;
  try {
    store = await openStore(readEnv(), 'backup');
    const manifest = await writeBackup(store, folder);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`Backed up ${manifest.tables.length} tables (${rows} rows) and ${manifest.pictures.length} pictures`);
    console.log(`into ${folder}`);
    return 0;
  } catch (error) {
    console.error(`The backup failed: ${error instanceof Error ? error.message : error}`);
    return 1;
  } finally {
    await store?.close();
  }
}

process.exit(await main());
