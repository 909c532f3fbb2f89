import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { inTransaction } from '#server/db/transaction.ts';
import { readEnv } from '#server/env.ts';
import { madeAdminMail } from '#server/features/users/users.mail.ts';
import { queueMail } from '#server/mail/outbox.ts';
import { listen, outsideAddress } from '../support/live-server.ts';
import { freePort, type ServerProcess, startServerProcess } from '../support/server-process.ts';
import { createTestApp } from '../support/test-app.ts';

const run = promisify(execFile);
const t = await createTestApp();
afterAll(() => t.close());

// Another machine on the network is played by this machine's own non-loopback address (a socket from it is not
// a loopback one); a machine with none cannot play it.
const outside = outsideAddress();
/** A test that calls from `outside`: skipped, saying why, on a machine without one. */
const fromOutside = (name: string, timeout?: number) => (test: () => Promise<void>) =>
  outside
    ? it(name, { timeout }, test)
    : it.skip(`${name} (skipped: this machine has no non-loopback IPv4 address to call from)`, test);
/** Starting a server process, and its PostgreSQL's connections, takes a while on a busy machine. */
const serverStart = 120_000;

/** A message in the mailbox: a link that signs its recipient in would do as well. */
async function mailed() {
  const buyer = await t.newUser('Buyer');
  const id = await inTransaction(t.db, (tx) => queueMail(tx, madeAdminMail({ userId: buyer.id })));
  await t.runJobs();
  return id!;
}

/** Which of the mailbox's pages answer what. */
async function statuses(base: string, id: string, headers: Record<string, string> = {}) {
  const paths = ['/dev/mailbox', `/dev/mailbox/${id}`, `/dev/mailbox/${id}/text`, `/dev/mailbox/${id}/eml`];
  return Promise.all(
    paths.map(async (p) => (await fetch(`${base}${p}`, { headers: { accept: 'text/html', ...headers } })).status),
  );
}

describe('the development mailbox is for the person at the keyboard', () => {
  it('is served to a caller on loopback', async () => {
    const id = await mailed();
    const live = await listen(t);
    try {
      expect(await statuses(live.url, id)).toEqual([200, 200, 200, 200]);
    } finally {
      await live.close();
    }
  });

  fromOutside('is a 404 to a caller from another address, whatever its headers say')(async () => {
    const id = await mailed();
    const live = await listen(t, { hostname: '0.0.0.0' });
    try {
      const port = new URL(live.url).port;
      const lying = { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1', host: `localhost:${port}` };
      expect(await statuses(`http://${outside}:${port}`, id)).toEqual([404, 404, 404, 404]);
      expect(await statuses(`http://${outside}:${port}`, id, lying)).toEqual([404, 404, 404, 404]);
      const refused = await fetch(`http://${outside}:${port}/dev/mailbox/${id}/text`);
      expect(await refused.json()).toEqual(await (await fetch(`${live.url}/dev/nothing`)).json());
      // The same server still serves it to the keyboard.
      expect(await statuses(live.url, id)).toEqual([200, 200, 200, 200]);
    } finally {
      await live.close();
    }
  });

  it('is not served without a socket to check (a request made in the process)', async () => {
    const id = await mailed();
    expect((await t.call('GET', `/dev/mailbox/${id}/text`)).status).toBe(404);
  });
});

describe('HOST and DEV_MAILBOX', () => {
  it('are checked, naming them', () => {
    expect(readEnv({}).HOST).toBeUndefined();
    expect(readEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(readEnv({ HOST: '::' }).HOST).toBe('::');
    expect(() => readEnv({ HOST: 'http://example.com' })).toThrow(/HOST: /);
    expect(() => readEnv({ DEV_MAILBOX: 'yes' })).toThrow(/DEV_MAILBOX: must be 'on' or 'off'/);
  });

  const servers: { server: ServerProcess; dataDir: string }[] = [];
  afterAll(async () => {
    for (const { server, dataDir } of servers) {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
  async function start(env: Record<string, string>) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-mailbox-'));
    const port = await freePort();
    const server = await startServerProcess({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: t.databaseUrl,
      ...env,
    });
    servers.push({ server, dataDir });
    const lines = server.logLines().map((line) => JSON.parse(line) as Record<string, string>);
    return { server, port, listening: lines.find((l) => l.message === 'listening')!, lines };
  }
  const reaches = (url: string) =>
    fetch(url).then(
      () => true,
      () => false,
    );

  fromOutside(
    'the default: with the mailbox served, the server listens on loopback only',
    serverStart,
  )(async () => {
    const { server, port, listening } = await start({});
    expect(listening).toMatchObject({ host: '127.0.0.1' });
    expect(listening.mail).toMatch(/^development mailbox: open http:\/\/localhost:\d+\/dev\/mailbox/);
    expect((await fetch(`${server.url}/dev/mailbox`)).status).toBe(200);
    expect(await reaches(`http://${outside}:${port}/api/health`)).toBe(false);
  });

  fromOutside(
    'HOST beyond loopback: no mailbox page unless DEV_MAILBOX=on, and then to loopback callers only',
    2 * serverStart,
  )(async () => {
    const open = await start({ HOST: '0.0.0.0' });
    expect(open.listening).toMatchObject({ host: '0.0.0.0' });
    expect(open.listening.mail).toMatch(/DEV_MAILBOX=on/);
    expect((await fetch(`http://${outside}:${open.port}/api/health`)).status).toBe(200);
    expect((await fetch(`${open.server.url}/dev/mailbox`)).status).toBe(404);
    expect((await fetch(`http://${outside}:${open.port}/dev/mailbox`)).status).toBe(404);

    const exposed = await start({ HOST: '0.0.0.0', DEV_MAILBOX: 'on' });
    expect(exposed.lines.find((l) => l.level === 'warn')?.message).toMatch(/development mailbox .*exposed/);
    expect((await fetch(`${exposed.server.url}/dev/mailbox`)).status).toBe(200);
    expect((await fetch(`http://${outside}:${exposed.port}/dev/mailbox`)).status).toBe(404);
  });

  it('DEV_MAILBOX=on does not bring the mailbox to production', { timeout: serverStart }, async () => {
    const { SMTP_URL: _unset, ...inherited } = process.env;
    const env = {
      ...inherited,
      NODE_ENV: 'production',
      DEV_MAILBOX: 'on',
      AUTH_SECRET: 's'.repeat(40),
      DATABASE_URL: t.databaseUrl,
    };
    const failed = await run(process.execPath, ['src/server/index.ts'], { env }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect((failed as { stderr: string }).stderr).toContain('SMTP_URL: required in production');
  });
});
