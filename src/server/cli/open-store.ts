import { existsSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { Store } from '#server/backup/backup.ts';
import { connect, type Database } from '#server/db/client.ts';
import { startEmbeddedPostgres } from '#server/db/embedded.ts';
import { embeddedFolder, runningEmbeddedUrl } from '#server/db/embedded-location.ts';
import type { Env } from '#server/env.ts';
import { createLocalDiskStorage } from '#server/storage/local-disk.ts';

export interface OpenStore extends Store, Database {
  client: pg.PoolClient;
  close(): Promise<void>;
}

/**
 * The store a command works on, as the server would open it: DATABASE_URL, or the embedded database in DATA_DIR
 * (through the running server's PostgreSQL when one runs, or one this command starts and stops), and the
 * pictures of DATA_DIR/images. Migrations are not applied: a backup reads the store as it is, and a restore
 * starts from an empty one.
 */
export async function openStore(env: Env, purpose: 'backup' | 'restore'): Promise<OpenStore> {
  const dataDir = path.resolve(env.DATA_DIR);
  let url = env.DATABASE_URL;
  let stop = async () => {};
  if (!url) {
    url = runningEmbeddedUrl(dataDir);
    if (url && purpose === 'restore') {
      throw new Error(`A server is running on ${env.DATA_DIR}: stop it, and restore into an empty DATA_DIR.`);
    }
    if (!url) {
      if (purpose === 'backup' && !existsSync(path.join(embeddedFolder(dataDir), 'PG_VERSION'))) {
        throw new Error(`${env.DATA_DIR} holds no database to back up (set DATA_DIR, or DATABASE_URL)`);
      }
      const server = await startEmbeddedPostgres(dataDir, () => {});
      url = server.url;
      stop = () => server.stop();
    }
  }
  const database = connect(url, 2);
  const storage = createLocalDiskStorage(path.join(dataDir, 'images'));
  try {
    const client = await database.pool.connect();
    return {
      ...database,
      client,
      storage,
      dataDir,
      async close() {
        client.release();
        await database.pool.end();
        await stop();
      },
    };
  } catch (error) {
    await database.pool.end();
    await stop();
    throw error;
  }
}
