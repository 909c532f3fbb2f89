import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { migrationsFolder } from '#server/db/migrate.ts';
import type { Logger } from '#server/http/logger.ts';
import type { Storage } from '#server/storage/storage.ts';

export const readinessChecks = ['database', 'migrations', 'storage'] as const;
export type ReadinessCheck = (typeof readinessChecks)[number];
export type CheckResult = 'ok' | 'failed' | 'unknown';

export interface ReadinessReport {
  ready: boolean;
  /** What keeps the server from taking traffic: `stopping` once shutdown began, or the checks that failed. */
  failed: ('stopping' | ReadinessCheck)[];
  checks: Partial<Record<ReadinessCheck, CheckResult>>;
}

/** How long a check may take before it counts as failed: a load balancer's probe gives up soon after. */
const checkTimeoutMs = 2000;
/** One run of the checks answers the probes that come within this time, so probing costs little. */
const reuseMs = 1000;

export type Readiness = ReturnType<typeof createReadiness>;

/**
 * Whether this server should get traffic: its database answers, has every migration this version ships, and
 * the picture storage takes writes. Once shutdown begins it answers not ready at once, so a load balancer
 * moves traffic away while the server still finishes what it has (server.ts waits SHUTDOWN_DRAIN_SECONDS).
 */
export function createReadiness(deps: { db: Db; storage: Storage; log: Logger }) {
  const lastMigration = latestMigrationMillis();
  let stopping = false;
  let running: Promise<ReadinessReport> | undefined;
  let checkedAt = 0;

  async function check(name: ReadinessCheck, run: () => Promise<void>): Promise<CheckResult> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${checkTimeoutMs} ms`)), checkTimeoutMs);
    });
    try {
      await Promise.race([run(), timeout]);
      return 'ok';
    } catch (error) {
      deps.log.warn('readiness check failed', { check: name, error: String(error) });
      return 'failed';
    } finally {
      clearTimeout(timer);
    }
  }

  async function runChecks(): Promise<ReadinessReport> {
    const [database, storage] = await Promise.all([
      check('database', async () => {
        await deps.db.execute(sql`select 1`);
      }),
      check('storage', () => deps.storage.checkWritable()),
    ]);
    const migrations =
      database === 'ok'
        ? await check('migrations', async () => {
            const { rows } = await deps.db.execute<{ last: string | null }>(
              sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
            );
            const applied = Number(rows[0]?.last ?? 0);
            if (applied < lastMigration) throw new Error('the database lacks migrations this version ships');
          })
        : 'unknown';
    const checks = { database, migrations, storage };
    const failed = readinessChecks.filter((name) => checks[name] !== 'ok');
    return { ready: failed.length === 0, failed, checks };
  }

  return {
    async report(): Promise<ReadinessReport> {
      if (stopping) return { ready: false, failed: ['stopping'], checks: {} };
      if (!running || performance.now() - checkedAt > reuseMs) {
        checkedAt = performance.now();
        running = runChecks();
      }
      const report = await running;
      return stopping ? { ready: false, failed: ['stopping'], checks: {} } : report;
    },
    /** From now on the server answers not ready (it is shutting down). */
    beginShutdown() {
      stopping = true;
    },
  };
}

/** When the newest migration of drizzle/ was made (drizzle records it as the migration's `created_at`). */
function latestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}
