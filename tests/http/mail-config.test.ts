import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { simpleParser } from 'mailparser';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { inTransaction } from '#server/db/transaction.ts';
import { readEnv } from '#server/env.ts';
import { madeAdminMail } from '#server/features/users/users.mail.ts';
import { listMailbox } from '#server/mail/dev-mailbox.ts';
import { queueMail } from '#server/mail/outbox.ts';
import { en } from '#shared/i18n/english.ts';
import { listen } from '../support/live-server.ts';
import { freePort, startServerProcess } from '../support/server-process.ts';
import { createTestApp } from '../support/test-app.ts';

const run = promisify(execFile);
const page = { headers: { accept: 'text/html' } };

const t = await createTestApp();
afterAll(() => t.close());

describe('the development mailbox (no SMTP_URL, outside production)', () => {
  it('keeps each message with its .eml and lists it at /dev/mailbox, with a page per message', async () => {
    const buyer = await t.newUser('Buyer');
    const id = await inTransaction(t.db, (tx) => queueMail(tx, madeAdminMail({ userId: buyer.id })));
    await t.runJobs();

    const kept = (await listMailbox(t.deps.mailer.mailboxDir!)).filter((message) => message.id === id);
    expect(kept).toHaveLength(1);

    // Served to callers on this machine: over a socket of 127.0.0.1 (tests/http/dev-mailbox-access.test.ts).
    const live = await listen(t);
    onTestFinished(() => live.close());
    const call = (method: string, path: string, options = {}) => live.call(method, path, options);
    const list = await call('GET', '/dev/mailbox', page);
    expect(list.status).toBe(200);
    const listing = await list.text();
    expect(listing).toContain(`<a href="/dev/mailbox/${id}">${en.mailTexts.users.madeAdmin.subject}</a>`);
    expect(listing).toContain(buyer.email);

    const shown = await call('GET', `/dev/mailbox/${id}`, page);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain(en.mailTexts.users.madeAdmin.lines[0]);
    expect(html).toContain('http://localhost:3000/dashboard');
    expect(await (await call('GET', `/dev/mailbox/${id}/text`)).text()).toContain(
      en.mailTexts.frame.greeting({ name: buyer.name }),
    );
    const eml = await call('GET', `/dev/mailbox/${id}/eml`);
    expect(eml.headers.get('content-type')).toBe('message/rfc822');
    const parsed = await simpleParser(Buffer.from(await eml.arrayBuffer()));
    expect(parsed.subject).toBe(en.mailTexts.users.madeAdmin.subject);
    expect(parsed.html).toContain(en.brand);

    expect((await call('GET', '/dev/mailbox/00000000-0000-0000-0000-000000000000', page)).status).toBe(404);
    expect((await call('GET', '/dev/mailbox/..%2F..%2Fauth-secret', page)).status).toBe(404);
  });

  it('is named in the start log line', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-mail-'));
    const server = await startServerProcess({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: t.databaseUrl,
    });
    try {
      const listening = server
        .logLines()
        .map((line) => JSON.parse(line) as { message: string; mail?: string })
        .find((l) => l.message === 'listening');
      expect(listening?.mail).toMatch(
        /^development mailbox: open http:\/\/localhost:\d+\/dev\/mailbox \(files in .+mailbox\)$/,
      );
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('mail configuration', () => {
  it('checks SMTP_URL and MAIL_FROM, naming them', () => {
    expect(() => readEnv({ SMTP_URL: 'http://mail.example.com' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => readEnv({ MAIL_FROM: 'no address' })).toThrow(/MAIL_FROM/);
    expect(readEnv({ SMTP_URL: 'smtps://user:pass@mail.example.com:465' }).SMTP_URL).toBe(
      'smtps://user:pass@mail.example.com:465',
    );
    expect(readEnv({}).MAIL_FROM).toBe('The Big Bookshelf <no-reply@localhost>');
  });

  it('production has no mailbox page, and does not start without SMTP_URL', async () => {
    const production = await createTestApp({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      expect(production.deps.mailer.mailboxDir).toBeUndefined();
      expect((await production.call('GET', '/dev/mailbox', page)).status).toBe(404);
      expect(existsSync(path.join(path.dirname(production.deps.imagesDir!), 'mailbox'))).toBe(false);
    } finally {
      await production.close();
    }

    const { SMTP_URL: _unset, ...inherited } = process.env;
    const env = { ...inherited, NODE_ENV: 'production', AUTH_SECRET: 's'.repeat(40), DATABASE_URL: t.databaseUrl };
    const failed = await run(process.execPath, ['src/server/index.ts'], { env }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toContain('SMTP_URL: required in production');
  });
});
