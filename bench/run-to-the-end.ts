/**
 * Runs a bench's `main`, then `cleanUp` whatever happens: on success, on failure (printed, exit code 1) and on
 * Ctrl-C or SIGTERM (exit code 130), so that no child process or database is left behind.
 */
export async function runToTheEnd(main: () => Promise<void>, cleanUp: () => Promise<void>): Promise<void> {
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interrupted = true;
      console.error(`stopping on ${signal}`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
  try {
    await main();
    await cleanUp();
  } catch (error) {
    if (!interrupted) console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    await cleanUp();
    process.exitCode = 1;
  }
}
