import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

export interface TableCopy {
  schema: string;
  name: string;
  /** The columns copied, in order: every stored column but generated ones (PostgreSQL computes those). */
  columns: string[];
  rows: number;
  /** Its rows in COPY's text format, gzipped, relative to the backup folder. */
  file: string;
}

export interface SequenceValue {
  schema: string;
  name: string;
  lastValue: string;
  isCalled: boolean;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const tableName = (t: { schema: string; name: string }) => `${quote(t.schema)}.${quote(t.name)}`;
/** The schemas of the store: everything but PostgreSQL's own. */
const ownSchemas = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;

/** Every table of the store with its copied columns, parents before the tables whose foreign keys name them. */
export async function listTables(client: pg.ClientBase): Promise<Omit<TableCopy, 'rows' | 'file'>[]> {
  const { rows: tables } = await client.query<{ oid: number; schema: string; name: string; columns: string[] }>(`
    select c.oid::int as oid, n.nspname as schema, c.relname as name,
      array(select a.attname::text from pg_attribute a
            where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
            order by a.attnum) as columns
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and ${ownSchemas}
    order by n.nspname, c.relname`);
  const { rows: references } = await client.query<{ child: number; parent: number }>(
    `select conrelid::int as child, confrelid::int as parent from pg_constraint where contype = 'f' and conrelid <> confrelid`,
  );
  const ordered: typeof tables = [];
  const placed = new Set<number>();
  while (ordered.length < tables.length) {
    const next = tables.filter(
      (t) => !placed.has(t.oid) && references.every((r) => r.child !== t.oid || placed.has(r.parent)),
    );
    if (next.length === 0)
      throw new Error('the tables reference each other in a cycle; they cannot be loaded in order');
    for (const table of next) {
      ordered.push(table);
      placed.add(table.oid);
    }
  }
  return ordered.map(({ schema, name, columns }) => ({ schema, name, columns }));
}

/** Writes every table's rows into `folder`/tables; run inside one repeatable-read transaction for one snapshot. */
export async function dumpTables(client: pg.ClientBase, folder: string): Promise<TableCopy[]> {
  const copies: TableCopy[] = [];
  for (const table of await listTables(client)) {
    const file = path.join('tables', `${table.schema}.${table.name}.copy.gz`);
    const columns = table.columns.map(quote).join(', ');
    const stream = client.query(copyTo(`copy ${tableName(table)} (${columns}) to stdout`));
    // Only the backup's owner may read it (backup.ts sets the exact modes when it is complete).
    await pipeline(stream, createGzip(), createWriteStream(path.join(folder, file), { mode: 0o600 }));
    copies.push({ ...table, rows: stream.rowCount, file });
  }
  return copies;
}

/** The current value of every sequence (their values are not part of a snapshot; they only grow). */
export async function readSequences(client: pg.ClientBase): Promise<SequenceValue[]> {
  const { rows } = await client.query<{ schema: string; name: string }>(`
    select n.nspname as schema, c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'S' and ${ownSchemas} order by 1, 2`);
  const values: SequenceValue[] = [];
  for (const sequence of rows) {
    const { rows: read } = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${tableName(sequence)}`,
    );
    values.push({ ...sequence, lastValue: read[0]!.last_value, isCalled: read[0]!.is_called });
  }
  return values;
}

/**
 * Replaces the rows of every table with the backup's, in one transaction: the tables (made by the migrations)
 * are emptied, loaded parents first with their own triggers off (the rows are restored as they were, not made
 * anew), and the sequences set. A failure leaves the tables as they were.
 */
export async function loadTables(
  client: pg.ClientBase,
  folder: string,
  copies: TableCopy[],
  sequences: SequenceValue[],
): Promise<void> {
  const tables = await listTables(client);
  const key = (t: { schema: string; name: string }) => `${t.schema}.${t.name}`;
  const inBackup = new Map(copies.map((copy) => [key(copy), copy]));
  const differ = [
    ...tables.filter((t) => inBackup.get(key(t))?.columns.join() !== t.columns.join()).map(key),
    ...copies.filter((c) => !tables.some((t) => key(t) === key(c))).map(key),
  ];
  if (differ.length > 0) {
    throw new Error(`the backup's tables differ from this version's: ${differ.join(', ')}`);
  }
  await client.query('begin');
  try {
    for (const table of tables) await client.query(`alter table ${tableName(table)} disable trigger user`);
    await client.query(`truncate ${tables.map(tableName).join(', ')}`);
    for (const table of tables) {
      const copy = inBackup.get(key(table))!;
      const stream = client.query(
        copyFrom(`copy ${tableName(table)} (${copy.columns.map(quote).join(', ')}) from stdin`),
      );
      await pipeline(createReadStream(path.join(folder, copy.file)), createGunzip(), stream);
      if (stream.rowCount !== copy.rows) {
        throw new Error(`${key(table)}: ${stream.rowCount} rows loaded, the backup says ${copy.rows}`);
      }
    }
    for (const sequence of sequences) {
      await client.query('select setval($1::regclass, $2::bigint, $3)', [
        tableName(sequence),
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    for (const table of tables) await client.query(`alter table ${tableName(table)} enable trigger user`);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}
