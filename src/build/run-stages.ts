import { spawnSync } from 'node:child_process';

/**
 * Runs the npm scripts named on the command line one after another, as `npm test` does with its stages, printing
 * how long each took; stops at the first that fails, with its exit code.
 */
const started = performance.now();
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(0);

for (const script of process.argv.slice(2)) {
  const stageStarted = performance.now();
  const { status } = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  console.log(`== stage: ${script} took ${seconds(stageStarted)} s (total ${seconds(started)} s)`);
  if (status !== 0) process.exit(status ?? 1);
}
