import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { embeddedFolder, embeddedUrl, postmasterPid } from '#server/db/embedded-location.ts';
import type { Role } from '#shared/constants.ts';
import { cookieOf } from './cookie-header.ts';
import type { TestUser } from './test-app.ts';

/** A free TCP port on 127.0.0.1 (the OS picks one, which is then released for the server to take). */
/**
 * A web app of one empty page in `dir` (made if missing), for servers whose tests read the API and the pages' heads,
 * not the built app: `WEB_ROOT` for them. Answers `dir`.
 */
export function stubWebRoot(dir: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');
  return dir;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** The origin our pages have (APP_URL), sent with every write. */
  origin: string;
  exited(): Promise<number | null>;
  stop(): Promise<void>;
  /** The lines it has written to standard output (its log: `warn` and above unless LOG_LEVEL says otherwise). */
  logLines(): string[];
}

/** `node src/server/index.ts` as its own process, as `npm start` runs it; resolves once /api/health answers. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = Number(env.PORT);
  const child = spawn(process.execPath, ['src/server/index.ts'], {
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const logged = createInterface({ input: child.stdout! });
  const lines: string[] = [];
  logged.on('line', (line) => lines.push(line));
  const exited = () =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
      else child.once('exit', (code) => resolve(code));
    });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 110_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before answering`);
    if (Date.now() > deadline) throw new Error('the server did not become healthy');
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    child,
    url,
    origin: env.APP_URL ?? `http://localhost:${port}`,
    exited,
    logLines: () => [...lines],
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited();
    },
  };
}

/** Sends a request to one server process as `as` (its cookie) with our pages' Origin. */
export function callServer(
  server: Pick<ServerProcess, 'url' | 'origin'>,
  method: string,
  path: string,
  options: { as?: TestUser; json?: unknown; body?: BodyInit } = {},
): Promise<Response> {
  const headers: Record<string, string> = { origin: server.origin, ...options.as?.headers };
  let body = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  return fetch(`${server.url}${path}`, { method, headers, body });
}

/** Signs in through the server's own sign-in call; answers the user with their session cookie. */
export async function signInTo(
  server: Pick<ServerProcess, 'url' | 'origin'>,
  account: { email: string; password: string; role: Role; name?: string },
): Promise<TestUser> {
  const res = await callServer(server, 'POST', '/api/auth/sign-in/email', {
    json: { email: account.email, password: account.password },
  });
  if (res.status !== 200) throw new Error(`sign-in of ${account.email} failed: ${res.status} ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: string; name: string } };
  const cookie = cookieOf(res);
  return {
    id: user.id,
    email: account.email,
    name: user.name,
    role: account.role,
    password: account.password,
    headers: { cookie },
  };
}

/** Signs up (as a Buyer or Seller) through the server, then signs in. */
export async function signUpTo(
  server: Pick<ServerProcess, 'url' | 'origin'>,
  role: 'Buyer' | 'Seller',
  label: string,
): Promise<TestUser> {
  const email = `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const password = 'Secret#123';
  const res = await callServer(server, 'POST', '/api/auth/sign-up/email', {
    json: { name: label, email, password, role },
  });
  if (res.status !== 200) throw new Error(`sign-up of ${email} failed: ${res.status} ${await res.text()}`);
  return signInTo(server, { email, password, role });
}

/** Lists a book in Fiction through the server as `seller`, with the picture uploaded at `image`; answers its id. */
export async function listBookOn(
  server: Pick<ServerProcess, 'url' | 'origin'>,
  seller: TestUser,
  image: string,
  bookName: string,
): Promise<string> {
  const res = await callServer(server, 'POST', '/api/books', {
    as: seller,
    json: {
      bookName,
      originalPrice: 30,
      resalePrice: 12.5,
      condition: 'Good',
      booksCategory: 'Fiction',
      image,
      phone: '+1 415 555 0199',
      location: 'Test Town',
      description: 'Listed through the server.',
      purchaseYear: '2021-03-04',
    },
  });
  if (res.status !== 201) throw new Error(`listing ${bookName} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { insertedId: string }).insertedId;
}

/** The pid of the PostgreSQL serving `pgDir`, which a test is about to kill. */
export function runningPostgresPid(pgDir: string): number {
  const pid = postmasterPid(pgDir);
  if (!pid) throw new Error(`no PostgreSQL runs in ${pgDir}`);
  return pid;
}

/**
 * A data folder for a real server on the embedded PostgreSQL that a test kills and starts again: its settings
 * (a free port, no rate limits: many sign-ins from one address, fast listings by one seller and many bookings by a
 * few buyers are the point there, not the limits), the pid of its PostgreSQL, a URL to read its database directly, `start` to start the server on it (again
 * after a crash), and `remove` (the folder) or `close` (the server last started, then the folder) for the end.
 */
export async function crashableServerFolder(prefix: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  chmodSync(dataDir, 0o755); // PostgreSQL runs as its own user and must reach its data folder
  const pgDir = embeddedFolder(dataDir);
  const env = {
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT: 'off',
    ACTION_RATE_LIMIT: 'off',
    LISTING_LIMIT: 'off',
    MAX_OPEN_HOLDS: '1000',
  };
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  let last: ServerProcess | undefined;
  return {
    env,
    postgresPid: () => runningPostgresPid(pgDir),
    databaseUrl: () => embeddedUrl(pgDir),
    start: async () => (last = await startServerProcess(env)),
    remove,
    async close() {
      await last?.stop();
      remove();
    },
  };
}
