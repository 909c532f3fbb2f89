import { parseArgs } from 'node:util';
import { runningEmbeddedUrl } from '#server/db/embedded-location.ts';
import { openDatabase } from '#server/db/open.ts';
import { readEnv } from '#server/env.ts';
import { createOrPromoteAdmin } from '#server/features/users/admin-account.service.ts';
import { createLogger } from '#server/http/logger.ts';

const usage = `Creates the first admin of a deployment, or promotes an existing account to admin.

  npm run create-admin -- --email admin@example.com --password 'S3cret#pass' --name 'Ada Admin'

Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the server first).
An existing account keeps its password; --password and --name are only used for a new one.`;

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
  if (!env.DATABASE_URL && runningEmbeddedUrl(env.DATA_DIR)) {
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
