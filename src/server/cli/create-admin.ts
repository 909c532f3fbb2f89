import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/open.ts';
import { readEnv } from '../env.ts';
import { createOrPromoteAdmin } from '../features/users/admin-account.service.ts';
import { createLogger } from '../http/logger.ts';

const usage = `Creates the first admin of a deployment, or promotes an existing account to admin.

  npm run create-admin -- --email admin@example.com --password 'S3cret#pass' --name 'Ada Admin'

Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the server first).
An existing account keeps its password; --password and --name are only used for a new one.`;

/** Whether a PostgreSQL server is running on the embedded data folder (it must not be started twice). */
function embeddedInUse(dataDir: string): boolean {
  const pidFile = path.join(path.resolve(dataDir), 'pg', 'postmaster.pid');
  if (!existsSync(pidFile)) return false;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.email) {
    console.log(usage);
    return values.help ? 0 : 1;
  }
  const env = readEnv();
  if (!env.DATABASE_URL && embeddedInUse(env.DATA_DIR)) {
    console.error(`The embedded database in ${env.DATA_DIR} is in use by a running server: stop it first.`);
    return 1;
  }
  const database = await openDatabase(env, createLogger('warn'));
  try {
    const result = await createOrPromoteAdmin(database.db, {
      email: values.email,
      password: values.password,
      name: values.name,
    });
    const said = { created: 'created as an admin', promoted: 'is now an admin', unchanged: 'was already an admin' };
    console.log(`${result.email} ${said[result.outcome]}.`);
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await database.close();
  }
}

process.exit(await main());
