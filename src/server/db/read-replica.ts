import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from '#server/http/logger.ts';
import { readChangeVersion } from './change-versions.ts';
import type { Db } from './client.ts';

/** How long a replica that failed to answer is left alone before one read tries it again. */
export const replicaRestMs = 5_000;

/**
 * Where the public reads of one catalogue version are made (docs/decisions/013-read-replica.md): on the
 * read replica once it has replayed that version, else on the primary.
 */
export interface ReplicaReads {
  /**
   * Runs `read` on the replica when the replica's catalogue version is at least `version` (read on the
   * primary), so that the answer holds at least what `version` holds; on the primary when the replica lags,
   * has no replica, or is down. A read the replica fails is run again on the primary.
   */
  readAt<T>(version: string, read: (db: Db) => Promise<T>): Promise<T>;
}

/** Every read on the primary: the store without a replica. */
export function primaryReads(primary: Db): ReplicaReads {
  return { readAt: (_version, read) => read(primary) };
}

/**
 * Reads on `replica` while it keeps up and answers. When it fails for want of a connection (refused, reset,
 * shutting down, timed out), the read goes to the primary and the replica rests for `restMs`; then one read
 * tries it again while the others stay on the primary. A warning is logged when it goes, a line when it is back.
 */
export function replicaReads(options: { primary: Db; replica: Db; log: Logger; restMs?: number }): ReplicaReads {
  const { primary, replica, log, restMs = replicaRestMs } = options;
  let down: { until: number; trying: boolean } | undefined;

  /** Where this read goes: the replica, the primary while the replica rests, or the replica as the one try after. */
  function route(): 'replica' | 'primary' | 'try' {
    if (!down) return 'replica';
    if (down.trying || performance.now() < down.until) return 'primary';
    down.trying = true;
    return 'try';
  }

  function failed(error: unknown) {
    if (!down) log.warn('the read replica does not answer; public reads go to the primary', { error: String(error) });
    down = { until: performance.now() + restMs, trying: false };
  }

  function back() {
    down = undefined;
    log.info('the read replica answers again; public reads use it');
  }

  return {
    async readAt(version, read) {
      const to = route();
      if (to === 'primary') return read(primary);
      let reachable = true;
      try {
        const replayed = await readChangeVersion(replica, 'catalog');
        if (BigInt(replayed) >= BigInt(version)) return await read(replica);
      } catch (error) {
        const failure = replicaFailure(error);
        if (!failure) throw error;
        reachable = failure !== 'unreachable';
        if (!reachable) failed(error);
      } finally {
        if (to === 'try' && reachable) back();
      }
      return read(primary);
    },
  };
}

const networkErrors = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOENT',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** What pg and its pool throw when a connection is lost, cannot be made in time, or stops answering. */
const connectionLost =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Query read timeout)/;

/**
 * Why a read failed on the replica, if the replica is to blame: `unreachable` (no connection, a lost one, the
 * server shutting down or out of connections), or `refused` (any other error of the database: a query
 * cancelled by a conflict with recovery, a migration not replayed yet), which the primary answers instead.
 * Anything else (our own refusals, such as a book that is gone) is the answer, and is not read again.
 */
function replicaFailure(thrown: unknown): 'unreachable' | 'refused' | undefined {
  const error = thrown instanceof DrizzleQueryError ? thrown.cause : thrown;
  if (error instanceof pg.DatabaseError) {
    return /^(08|53|57)/.test(error.code ?? '') ? 'unreachable' : 'refused';
  }
  if (!(error instanceof Error)) return undefined;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string' && networkErrors.has(code)) return 'unreachable';
  if (connectionLost.test(error.message)) return 'unreachable';
  return undefined;
}
