import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { type Storage, storageKeyPattern } from '#server/storage/storage.ts';
import { dumpTables, loadTables, readSequences, type SequenceValue, type TableCopy } from './database-copy.ts';

export const backupFormat = 'big-bookshelf-backup/1';

/** manifest.json: what the backup holds, written last (a folder without one is not a finished backup). */
export interface BackupManifest {
  format: typeof backupFormat;
  createdAt: string;
  /** The PostgreSQL server the rows came from. */
  serverVersion: string;
  tables: TableCopy[];
  sequences: SequenceValue[];
  /** Every stored picture, under pictures/ by its storage key. */
  pictures: { key: string; bytes: number; sha256: string }[];
  /** Whether the data folder's own AUTH_SECRET (made when none is configured) is in the backup. */
  authSecret: boolean;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * A backup holds sessions, password hashes and live reset links: its folders are 0700 and its files 0600, its
 * owner's alone whatever the umask (which only ever takes permissions away, so they are set after too).
 */
const privateFolderMode = 0o700;
const privateFileMode = 0o600;

async function makePrivateFolder(folder: string): Promise<void> {
  await mkdir(folder, { mode: privateFolderMode });
  await chmod(folder, privateFolderMode);
}

/** Sets the private modes on everything in `folder` (its files were made 0600 or less already). */
async function keepPrivate(folder: string): Promise<void> {
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    await chmod(path.join(entry.parentPath, entry.name), entry.isDirectory() ? privateFolderMode : privateFileMode);
  }
}

export interface Store {
  /** A connection to the store's database (not in a transaction). */
  client: pg.ClientBase;
  storage: Storage;
  dataDir: string;
}

/**
 * Writes a backup of the store into `folder` (which must not exist): every table's rows from one snapshot of the
 * database, then every picture. A picture is never changed, so each one a row of the snapshot names is there when
 * they are copied (unless it was deleted meanwhile because nothing used it any more). The folder is filled under a temporary name and renamed when complete.
 */
export async function writeBackup(store: Store, folder: string): Promise<BackupManifest> {
  if (existsSync(folder)) throw new Error(`${folder} already exists: name a new folder for the backup`);
  const partial = `${folder}.partial`;
  // Made first, and private from the start: nothing written into it is ever readable by anyone else.
  await mkdir(path.dirname(folder), { recursive: true, mode: privateFolderMode });
  await makePrivateFolder(partial);
  await makePrivateFolder(path.join(partial, 'tables'));
  await makePrivateFolder(path.join(partial, 'pictures'));
  const { client } = store;

  await client.query('begin isolation level repeatable read read only');
  let tables: TableCopy[];
  let serverVersion: string;
  try {
    serverVersion = (await client.query<{ v: string }>('select version() as v')).rows[0]!.v;
    tables = await dumpTables(client, partial);
  } finally {
    await client.query('rollback');
  }
  const sequences = await readSequences(client);

  const pictures: BackupManifest['pictures'] = [];
  for await (const { url } of store.storage.list()) {
    const key = url.slice(url.lastIndexOf('/') + 1);
    let bytes: Buffer;
    try {
      bytes = await store.storage.get(url);
    } catch (error) {
      if (!(await store.storage.has(url))) continue; // deleted since it was listed: nothing uses it
      throw error;
    }
    await writeFile(path.join(partial, 'pictures', key), bytes, { mode: privateFileMode });
    pictures.push({ key, bytes: bytes.length, sha256: sha256(bytes) });
  }

  const secretFile = path.join(store.dataDir, 'auth-secret');
  const authSecret = existsSync(secretFile);
  if (authSecret) await copyFile(secretFile, path.join(partial, 'auth-secret'));

  const manifest: BackupManifest = {
    format: backupFormat,
    createdAt: new Date().toISOString(),
    serverVersion,
    tables,
    sequences,
    pictures,
    authSecret,
  };
  await writeFile(path.join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: privateFileMode,
  });
  await keepPrivate(partial);
  await rename(partial, folder);
  return manifest;
}

/** The manifest of a finished backup in `folder`, or an error saying what is wrong with it. */
export async function readManifest(folder: string): Promise<BackupManifest> {
  const file = path.join(folder, 'manifest.json');
  if (!existsSync(file)) throw new Error(`${folder} is not a finished backup (it has no manifest.json)`);
  const manifest = JSON.parse(await readFile(file, 'utf8')) as BackupManifest;
  if (manifest.format !== backupFormat) {
    throw new Error(`${folder} is a backup of format ${manifest.format}; this version reads ${backupFormat}`);
  }
  const unsafe = manifest.pictures.find((p) => !storageKeyPattern.test(p.key));
  if (unsafe) throw new Error(`${folder}: the picture name ${JSON.stringify(unsafe.key)} is not one the store makes`);
  return manifest;
}

/** Why the store is not empty (so a restore would mix two stores), or undefined when it is. */
export async function whyNotEmpty(store: Store): Promise<string | undefined> {
  const { rows } = await store.client.query<{ name: string }>(`
    select n.nspname || '.' || c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p', 'v') and n.nspname not in ('pg_catalog', 'information_schema')
      and n.nspname not like 'pg\\_%'
    limit 1`);
  if (rows.length > 0) return `the database already has tables (${rows[0]!.name})`;
  let pictures = 0;
  for await (const _ of store.storage.list()) pictures += 1;
  if (pictures > 0) return `the picture storage already holds ${pictures} pictures`;
  if (existsSync(path.join(store.dataDir, 'auth-secret'))) return `${store.dataDir} already has an auth-secret`;
  return undefined;
}

/**
 * Brings a backup back into an empty store: the pictures (each checked against its digest), then, after
 * `migrate` made this version's tables, every row in one transaction. The backup's tables must be this
 * version's (a backup is restored by the version that made it, then upgraded by starting a newer one).
 */
export async function restoreBackup(
  store: Store,
  folder: string,
  manifest: BackupManifest,
  migrate: () => Promise<void>,
): Promise<void> {
  for (const picture of manifest.pictures) {
    const bytes = await readFile(path.join(folder, 'pictures', picture.key));
    if (sha256(bytes) !== picture.sha256) throw new Error(`the picture ${picture.key} is damaged in the backup`);
    await store.storage.put(picture.key, bytes, contentTypeOf(picture.key));
  }
  if (manifest.authSecret) {
    await copyFile(path.join(folder, 'auth-secret'), path.join(store.dataDir, 'auth-secret'));
  }
  await migrate();
  await loadTables(store.client, folder, manifest.tables, manifest.sequences);
}

/** The pictures the store makes are WebP (features/uploads/stored-image.ts). */
function contentTypeOf(key: string): string {
  return key.endsWith('.webp') ? 'image/webp' : 'application/octet-stream';
}
