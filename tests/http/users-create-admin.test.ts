import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { verifyPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { account, user } from '#server/db/schema/auth.ts';
import { createOrPromoteAdmin } from '#server/features/users/admin-account.service.ts';
import { en } from '#shared/i18n/english.ts';
import { cookieOf } from '../support/cookie-header.ts';
import { createTestDatabase } from '../support/database.ts';
import { createTestApp } from '../support/test-app.ts';

const run = promisify(execFile);

const t = await createTestApp();
afterAll(() => t.close());
/** The database `npm run create-admin` is pointed at. */
const database = await createTestDatabase();
afterAll(() => database.drop());

describe('the first admin of a deployment', () => {
  it('is created with a password that signs in, as an Admin', async () => {
    const result = await createOrPromoteAdmin(t.db, {
      email: ' First@Example.test ',
      password: 'Admin#2027',
      name: 'First Admin',
    });
    expect(result).toEqual({ outcome: 'created', email: 'first@example.test' });
    const res = await t.call('POST', '/api/auth/sign-in/email', {
      json: { email: 'first@example.test', password: 'Admin#2027' },
    });
    expect(res.status).toBe(200);
    expect((await t.api.users.$get({ query: {} }, { headers: { cookie: cookieOf(res) } })).status).toBe(200);
  });

  it('promotes an existing account, whose password stays', async () => {
    const buyer = await t.newUser('Buyer');
    expect(await createOrPromoteAdmin(t.db, { email: buyer.email, password: 'Ignored#1' })).toEqual({
      outcome: 'promoted',
      email: buyer.email,
    });
    expect((await t.as(buyer).users.$get({ query: {} })).status).toBe(200);
    expect(await createOrPromoteAdmin(t.db, { email: buyer.email })).toMatchObject({ outcome: 'unchanged' });
  });

  it('holds a new admin’s password to the sign-up rules', async () => {
    await expect(createOrPromoteAdmin(t.db, { email: 'weak@example.test', password: 'weakpass' })).rejects.toThrow(
      en.auth.signUpPasswordPattern,
    );
    await expect(createOrPromoteAdmin(t.db, { email: 'none@example.test' })).rejects.toThrow(en.auth.passwordRequired);
  });
});

describe('npm run create-admin', () => {
  it('creates the admin in the database DATABASE_URL names', async () => {
    const { stdout } = await run(
      process.execPath,
      ['src/server/cli/create-admin.ts', '--email', 'ops@example.test', '--password', 'Ops#12345', '--name', 'Ops'],
      { env: { ...process.env, DATABASE_URL: database.url, NODE_ENV: 'production', LOG_LEVEL: 'warn' } },
    );
    expect(stdout).toContain('ops@example.test created as an admin');
    const [row] = await database.db.select().from(user).where(eq(user.email, 'ops@example.test'));
    expect(row).toMatchObject({ role: 'Admin', name: 'Ops' });
    const [credential] = await database.db.select().from(account).where(eq(account.userId, row!.id));
    expect(await verifyPassword({ hash: credential!.password!, password: 'Ops#12345' })).toBe(true);
  });

  it('explains itself and fails without an email', async () => {
    const failed = await run(process.execPath, ['src/server/cli/create-admin.ts'], {
      env: { ...process.env, DATABASE_URL: database.url },
    }).catch((error: { code: number; stdout: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stdout: string }).stdout).toContain('npm run create-admin');
  });
});
