import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startEmbeddedPostgres } from '#server/db/embedded.ts';
import { withDatabase } from '../support/database-url.ts';
import { createCategory } from '../support/factories.ts';
import { crashableServerFolder, signInTo, startServerProcess } from '../support/server-process.ts';
import { createTestApp } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';
import { uploadedImageUrl } from '../support/uploads.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function tempFolder(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  chmodSync(dir, 0o755); // an embedded PostgreSQL runs as its own user and must reach its data folder
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** `npm run backup` or `npm run restore` as its own process, with this configuration (and umask, when given). */
function runCommand(command: 'backup' | 'restore', args: string[], env: Record<string, string>, umask?: string) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const node = [process.execPath, `src/server/cli/${command}.ts`, ...args];
    const [file, ...argv] = umask ? ['/bin/sh', '-c', `umask ${umask} && exec "$@"`, 'sh', ...node] : node;
    const child = spawn(file!, argv, { env: { ...process.env, LOG_LEVEL: 'warn', ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** Every row of every table of the store's schemas, as sorted text, and every sequence's value. */
async function contentsOf(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string; kind: string }>(`
      select format('%I.%I', n.nspname, c.relname) as name, c.relkind::text as kind
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'S') and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_%'
      order by 1`);
    const contents: Record<string, string[]> = {};
    for (const { name, kind } of tables) {
      const rowText = kind === 'S' ? `last_value || ' ' || is_called` : 't::text';
      const { rows } = await client.query<{ row: string }>(`select ${rowText} as row from ${name} t`);
      contents[name] = rows.map((r) => r.row).sort();
    }
    return contents;
  } finally {
    await client.end();
  }
}

/** The permission bits of every folder and file in `dir`, and of `dir` itself, by their path in it. */
function modesIn(dir: string): Record<string, string> {
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);
  return Object.fromEntries([
    ['.', mode(dir)],
    ...entries.map((e) => {
      const file = path.join(e.parentPath, e.name);
      return [path.relative(dir, file), mode(file)] as const;
    }),
  ]);
}

/** Every file of a pictures folder and its bytes. */
function picturesIn(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return Object.fromEntries(
    files.map((f) => [f.name, readFileSync(path.join(f.parentPath, f.name)).toString('base64')] as const),
  );
}

describe('npm run backup and npm run restore', () => {
  it('round-trip a store on DATABASE_URL (users, books with uploaded pictures, bookings, mail, jobs) into an empty one', async () => {
    const t = await createTestApp();
    cleanups.push(() => t.close());
    const seller = await t.newUser('Seller', { verified: true });
    const buyer = await t.newUser('Buyer');
    const category = await createCategory(t.db, { name: 'Travel' });
    for (const title of ['The Road', 'Maps and Legends']) {
      const res = await t.as(seller).books.$post({
        json: {
          bookName: title,
          originalPrice: '20',
          resalePrice: 9.5,
          condition: 'Good',
          booksCategory: category.name,
          image: await uploadedImageUrl(t, seller),
          phone: '+1 415 555 0100',
          location: 'Mission District',
          description: 'A well-kept copy.',
          purchaseYear: '2023-04-01',
        },
      });
      expect(res.status).toBe(201);
      const { insertedId } = await jsonOf(res, 201);
      if (title === 'The Road') {
        const booked = await t.as(buyer).booking.$post({ json: { bookId: insertedId, contact: '5550100' } });
        expect(booked.status).toBe(200);
      }
    }
    await t.queueStagedJobs();
    const dataDir = path.dirname(t.deps.imagesDir!);
    const before = await contentsOf(t.databaseUrl);
    expect(before['public.bookings']).toHaveLength(1);
    expect(before['public.books']).toHaveLength(2);
    expect(before['public.mail_outbox']!.length).toBeGreaterThan(0);
    expect(before['graphile_worker._private_jobs']!.length).toBeGreaterThan(0);
    expect(Object.keys(picturesIn(t.deps.imagesDir!))).toHaveLength(4);

    // Under a umask that lets everyone read (and write) what is made: the backup holds sessions, password
    // hashes and live reset links, so it is its owner's alone whatever the umask.
    const backup = path.join(tempFolder('bookshelf-backups-'), 'monday');
    const made = await runCommand('backup', [backup], { DATABASE_URL: t.databaseUrl, DATA_DIR: dataDir }, '000');
    expect(made.output).toMatch(/Backed up \d+ tables \(\d+ rows\) and 4 pictures/);
    expect(made.code).toBe(0);
    const modes = Object.entries(modesIn(backup));
    expect(modes.length).toBeGreaterThan(10);
    const folders = new Set(['.', 'tables', 'pictures']);
    expect(modes.filter(([name, mode]) => mode !== (folders.has(name) ? '700' : '600'))).toEqual([]);

    // A new, empty database on the same server, and a new data folder.
    const serverUrl = inject('databaseServerUrl');
    const name = `bookshelf_restore_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    const target = { DATABASE_URL: withDatabase(serverUrl, name), DATA_DIR: tempFolder('bookshelf-restored-') };
    const restored = await runCommand('restore', [backup], target);
    expect(restored.output).toContain('Restored');
    expect(restored.code).toBe(0);

    expect(await contentsOf(target.DATABASE_URL)).toEqual(before);
    expect(picturesIn(path.join(target.DATA_DIR, 'images'))).toEqual(picturesIn(t.deps.imagesDir!));

    // Never over a store that holds anything: not the same database again, nor an empty one beside pictures.
    const again = await runCommand('restore', [backup], target);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/Refusing to restore: the database already has tables/);
    await admin.query(`create database ${name}_2`);
    cleanups.push(() => admin.query(`drop database if exists ${name}_2 with (force)`).then(() => {}));
    const beside = await runCommand('restore', [backup], {
      ...target,
      DATABASE_URL: withDatabase(serverUrl, `${name}_2`),
    });
    expect(beside.code).toBe(1);
    expect(beside.output).toMatch(/Refusing to restore: the picture storage already holds 4 pictures/);
    expect(await contentsOf(withDatabase(serverUrl, `${name}_2`))).toEqual({});
  }, 120_000);

  it('backs up the embedded database while the server runs, and restores it into a new data folder', async () => {
    const folder = await crashableServerFolder('bookshelf-backup-live-');
    cleanups.push(() => folder.remove());
    const server = await startServerProcess(folder.env);
    cleanups.push(() => server.stop());
    const backup = path.join(tempFolder('bookshelf-backups-'), 'live');
    const made = await runCommand('backup', [backup], { DATA_DIR: folder.env.DATA_DIR });
    expect(made.output).toMatch(/Backed up \d+ tables \(\d+ rows\) and \d+ pictures/);
    expect(made.code).toBe(0);
    // The server kept serving from its PostgreSQL.
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
    await server.stop();

    const restoredDir = tempFolder('bookshelf-restored-');
    const restored = await runCommand('restore', [backup], { DATA_DIR: restoredDir });
    expect(restored.output).toContain('Restored');
    expect(restored.code).toBe(0);

    const original = await startEmbeddedPostgres(folder.env.DATA_DIR, () => {});
    const before = await contentsOf(original.url).finally(() => original.stop());
    const copy = await startEmbeddedPostgres(restoredDir, () => {});
    const after = await contentsOf(copy.url).finally(() => copy.stop());
    expect(before['public.books']!.length).toBeGreaterThan(40);
    // The server's job runner goes on taking and finishing jobs and noting its schedules' runs after the backup's
    // snapshot, until it stops: the queue's own tables may differ; the copy holds them, and the store's data is equal.
    const storeData = (contents: Record<string, string[]>) =>
      Object.fromEntries(Object.entries(contents).filter(([name]) => !name.startsWith('graphile_worker.')));
    expect(Object.keys(after).filter((name) => name.startsWith('graphile_worker.'))).toEqual(
      Object.keys(before).filter((name) => name.startsWith('graphile_worker.')),
    );
    expect(storeData(after)).toEqual(storeData(before));
    expect(picturesIn(path.join(restoredDir, 'images'))).toEqual(picturesIn(path.join(folder.env.DATA_DIR, 'images')));
    expect(readFileSync(path.join(restoredDir, 'auth-secret'), 'utf8')).toBe(
      readFileSync(path.join(folder.env.DATA_DIR, 'auth-secret'), 'utf8'),
    );

    // A server on the restored folder serves the store: its accounts sign in, its books show their covers.
    const again = await startServerProcess({ ...folder.env, DATA_DIR: restoredDir });
    cleanups.push(() => again.stop());
    expect((await fetch(`${again.url}/api/ready`)).status).toBe(200);
    await signInTo(again, { email: 'buyer@bigbookshelf.test', password: 'Buyer#2026', role: 'Buyer' });
    const [book] = (await (await fetch(`${again.url}/api/allbooks?page=1&limit=1`)).json()) as { image: string }[];
    expect((await fetch(`${again.url}${book!.image}`)).status).toBe(200);
    await again.stop();
  }, 180_000);
});
