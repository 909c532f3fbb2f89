import pg from 'pg';

/**
 * The tables named after FROM or JOIN in the statements this process sends to PostgreSQL while `run` runs (every
 * client of every pool, the app's included). Names only: the caller keeps those that are tables.
 */
export async function tablesRead<T>(run: () => Promise<T>): Promise<{ result: T; tables: Set<string> }> {
  const tables = new Set<string>();
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config] = args;
    const text = typeof config === 'string' ? config : (config as { text?: string } | undefined)?.text;
    for (const [, name] of text?.matchAll(/\b(?:from|join)\s+"?([a-z_][a-z0-9_]*)"?(?!\.)/gi) ?? []) tables.add(name!);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    return { result: await run(), tables };
  } finally {
    pg.Client.prototype.query = query;
  }
}
