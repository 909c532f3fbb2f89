import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';

export interface Child {
  name: string;
  process: ChildProcess;
  /** The last lines it wrote, shown when it fails. */
  output(): string;
  stop(): Promise<void>;
}

const running = new Set<Child>();

/**
 * Starts a Node script with this Node (24, from the npm scripts) and keeps its output for error messages. With
 * `logFile`, its standard output goes straight to that file, as a deployment's log does, so that the bench,
 * which is also the load generator, spends no CPU reading the app's request log. It runs in the repository's
 * folder unless `cwd` names another (a peer's project).
 */
export function startNodeChild(
  name: string,
  args: string[],
  env: Record<string, string>,
  logFile?: string,
  cwd = path.resolve(import.meta.dirname, '..'),
): Child {
  const log = logFile ? openSync(logFile, 'a') : undefined;
  const proc = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', log ?? 'pipe', 'pipe'],
    cwd,
  });
  if (log !== undefined) closeSync(log);
  const chunks: Buffer[] = [];
  const keep = (chunk: Buffer) => {
    chunks.push(chunk);
    if (chunks.length > 8) chunks.shift();
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const lastLines = () => {
    const logged = logFile ? readFileSync(logFile, 'utf8').split('\n').slice(-40) : [];
    return [...logged, ...Buffer.concat(chunks).toString().split('\n')].slice(-40).join('\n');
  };
  const child: Child = {
    name,
    process: proc,
    output: lastLines,
    stop: () => stopProcess(proc).finally(() => running.delete(child)),
  };
  running.add(child);
  return child;
}

async function stopProcess(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  proc.kill('SIGTERM');
  const killer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
}

/** Asks every child still running to stop, without waiting: for the moment this process exits. */
export function signalAllChildren(): void {
  for (const child of running) child.process.kill('SIGTERM');
}

/** Stops every child still running (used on failure and on Ctrl-C). */
export async function stopAllChildren(): Promise<void> {
  await Promise.all([...running].map((child) => child.stop()));
}

/** Polls `url` until it answers 200, the child exits, or the deadline passes. */
export async function waitForHttp(child: Child, url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) {
      throw new Error(`${child.name} exited with code ${child.process.exitCode}:\n${child.output()}`);
    }
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${child.name} did not answer ${url} within ${timeoutMs / 1000} s:\n${child.output()}`);
}

/** Runs a Node script to completion; rejects with its output when it fails. */
export async function runNodeScript(
  name: string,
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 300_000,
  cwd?: string,
): Promise<void> {
  const child = startNodeChild(name, args, env, undefined, cwd);
  const timer = setTimeout(() => void child.stop(), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.process.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  running.delete(child);
  if (code !== 0) throw new Error(`${name} failed (exit ${code ?? child.process.signalCode}):\n${child.output()}`);
}

/** Refuses a port something already answers on, so the bench never measures another helper's server. */
export async function ensurePortFree(port: number): Promise<void> {
  const taken = await new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
  if (taken) throw new Error(`port ${port} is in use; choose another with BENCH_PORT / BENCH_BASELINE_PORT`);
}
