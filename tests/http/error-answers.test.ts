import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { connect } from '#server/db/client.ts';
import { createDeps } from '#server/deps.ts';
import { createLogger } from '#server/http/logger.ts';
import { createTestApp, errorOf } from '../support/test-app.ts';

const t = await createTestApp();
afterAll(() => t.close());

describe('error answers are { error, code, field? } with the status', () => {
  it('a validation failure of the whole body names no field', async () => {
    const res = await t.call('POST', '/api/booking', { as: await t.newUser('Buyer'), json: [] });
    const answer = await errorOf(res, 400);
    expect(answer).toEqual({ error: expect.any(String), code: 'BAD_REQUEST' });
    expect(answer).not.toHaveProperty('field');
  });

  it('a required field left out is named with the text of a blank one', async () => {
    const res = await t.call('POST', '/api/booking', {
      as: await t.newUser('Buyer'),
      json: { bookId: crypto.randomUUID() },
    });
    expect(await errorOf(res, 400)).toEqual({
      error: 'phone number is required',
      code: 'BAD_REQUEST',
      field: 'contact',
    });
  });

  it('a picture that is not there is a 404 with a code, not the web app', async () => {
    const res = await t.call('GET', `/images/${crypto.randomUUID()}.webp`);
    expect(await errorOf(res, 404)).toEqual({ error: 'No such image', code: 'NOT_FOUND' });
  });

  it('a file that is not there is a 404 with a code', async () => {
    const res = await t.call('GET', '/assets/no-such-script.js');
    expect(await errorOf(res, 404)).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
  });

  it('a failure on our side is a 500 with INTERNAL_ERROR and the request id, without a stack', async () => {
    // The same app on a database that does not answer.
    const { db, pool } = connect('postgres://nobody@127.0.0.1:1/none', 1);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bookshelf-broken-'));
    const deps = createDeps({ env: t.deps.env, db, log: createLogger('silent'), dataDir, secret: 'x'.repeat(32) });
    try {
      const res = await createApp(deps).request('/api/booksCategory');
      expect(await errorOf(res, 500)).toEqual({
        error: 'Something went wrong on our side',
        code: 'INTERNAL_ERROR',
        requestId: res.headers.get('x-request-id'),
      });
    } finally {
      await pool.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('the OpenAPI document declares the shape and every code', async () => {
    const doc = (await (await t.call('GET', '/api/openapi.json')).json()) as {
      components: { schemas: Record<string, { properties: Record<string, { enum?: string[] }>; required: string[] }> };
    };
    const schema = doc.components.schemas.Error!;
    expect(Object.keys(schema.properties)).toEqual(['error', 'code', 'field']);
    expect(schema.required).toEqual(['error', 'code']);
    expect(schema.properties.code!.enum).toEqual(
      expect.arrayContaining(['BAD_REQUEST', 'NOT_FOUND', 'TOO_MANY_REQUESTS', 'NO_SUCH_ROUTE', 'INTERNAL_ERROR']),
    );
  });
});
