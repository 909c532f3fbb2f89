import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const loggerModule = new URL('./logger.ts', import.meta.url).href;

/** Runs `body` in a Node process of its own with `log` made by `createLogger(level)`; its stdout, read slowly when asked. */
function runLogging(level: string, body: string, options: { readAfterMs?: number } = {}) {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { createLogger } from '${loggerModule}'; const log = createLogger('${level}'); ${body}`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  child.stdout.pause();
  setTimeout(() => child.stdout.resume(), options.readAfterMs ?? 0);
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  return new Promise<{ code: number | null; lines: Record<string, unknown>[] }>((resolve) =>
    child.on('close', (code) =>
      resolve({
        code,
        lines: out
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l)),
      }),
    ),
  );
}

describe('the log', () => {
  it('writes one JSON object a line, from its level up, and what is left when the process exits', async () => {
    const { code, lines } = await runLogging(
      'info',
      `log.debug('hidden'); log.info('request', { path: '/a"b\\\\c', status: 200 }); log.error('boom', { error: 'Error: x' }); log.warn('say "hi"'); log.warn('none', {}); process.exit(3);`,
    );
    expect(code).toBe(3);
    expect(lines).toEqual([
      { level: 'info', time: expect.any(String), path: '/a"b\\c', status: 200, message: 'request' },
      { level: 'error', time: expect.any(String), error: 'Error: x', message: 'boom' },
      { level: 'warn', time: expect.any(String), message: 'say "hi"' },
      { level: 'warn', time: expect.any(String), message: 'none' },
    ]);
    expect(new Date(lines[0]!.time as string).toISOString()).toBe(lines[0]!.time);
  });

  it('loses no line and keeps their order when stdout is a pipe nobody reads for a while', async () => {
    // About 3 MB: far more than a pipe holds, written as the reader wakes up.
    const { code, lines } = await runLogging(
      'info',
      `process.stdout; for (let i = 0; i < 20000; i++) log.info('line', { i, filler: 'x'.repeat(100) }); setTimeout(() => {}, 50);`,
      { readAfterMs: 300 },
    );
    expect(code).toBe(0);
    expect(lines).toHaveLength(20000);
    expect(lines.every((line, i) => line.i === i)).toBe(true);
  });
});
