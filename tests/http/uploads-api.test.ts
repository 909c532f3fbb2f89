import { readdirSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, errorOf, testOrigin } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';
import { pngPicture, upload } from '../support/uploads.ts';

const t = await createTestApp();
afterAll(() => t.close());
const seller = await t.newUser('Seller');

const storedFiles = () => readdirSync(t.deps.imagesDir!).length;

function pngChunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A well-formed PNG whose header claims `width` × `height` pixels while holding almost no data. */
function pngDeclaring(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/upload', () => {
  it('stores a picture re-encoded as WebP with a 400 px thumbnail, under names of its own', async () => {
    const before = storedFiles();
    const picture = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#225588' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'Secret Owner', Artist: 'Someone' } } })
      .toBuffer();
    const res = await upload(t, seller, picture, '../../etc/passwd.jpg', 'image/jpeg');
    const body = await jsonOf(res, 201);
    expect(body.success).toBe(true);
    expect(body.data.url).toMatch(/^\/images\/[0-9a-f-]{36}\.webp$/);
    expect(body.data.thumbnail).toBe(body.data.url.replace('.webp', '-400.webp'));
    expect(storedFiles()).toBe(before + 2);

    const full = await t.call('GET', body.data.url);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/webp');
    expect(full.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(full.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await full.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([1600, 1067]);
    expect(meta.exif).toBeUndefined();

    const thumb = await t.call('GET', body.data.thumbnail);
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(400);
  });

  it('makes the thumbnail from the resized picture: never wider than the picture itself', async () => {
    // 400 × 4000 comes down to 160 × 1600; a thumbnail made from the original would be 400 px wide.
    const tall = await pngPicture(400, 4000);
    const body = await jsonOf(await upload(t, seller, tall), 201);
    const sizeOf = async (url: string) => {
      const { width, height } = await sharp(Buffer.from(await (await t.call('GET', url)).arrayBuffer())).metadata();
      return [width, height];
    };
    expect(await sizeOf(body.data.url)).toEqual([160, 1600]);
    expect(await sizeOf(body.data.thumbnail)).toEqual([160, 1600]);
  });

  it('accepts WebP and AVIF pictures too', async () => {
    for (const format of ['webp', 'avif'] as const) {
      const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336633' } })
        .toFormat(format)
        .toBuffer();
      expect((await upload(t, seller, picture, `p.${format}`, `image/${format}`)).status).toBe(201);
    }
  });

  it('lets an admin upload, but not a buyer or a visitor', async () => {
    const picture = await pngPicture();
    expect((await upload(t, await t.newUser('Admin'), picture)).status).toBe(201);
    const before = storedFiles();
    const buyer = await upload(t, await t.newUser('Buyer'), picture);
    expect(buyer.status).toBe(403);
    const visitor = await upload(t, undefined, picture);
    expect(await errorOf(visitor, 401)).toEqual({ error: 'Please sign in first', code: 'UNAUTHORIZED' });
    expect(storedFiles()).toBe(before);
  });

  const hostile: [string, () => Promise<Uint8Array> | Uint8Array, string, string, number, RegExp][] = [
    [
      'an HTML page renamed .jpg',
      () => Buffer.from('<!doctype html><script>alert(document.cookie)</script>'),
      'cover.jpg',
      'image/jpeg',
      415,
      /only JPEG, PNG, WebP and AVIF/,
    ],
    [
      'an SVG with a script',
      () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="9" height="9"/></svg>',
        ),
      'cover.svg',
      'image/svg+xml',
      415,
      /only JPEG, PNG, WebP and AVIF/,
    ],
    [
      'a PNG declaring 100k × 100k pixels',
      () => pngDeclaring(100_000, 100_000),
      'huge.png',
      'image/png',
      413,
      /40 megapixels/,
    ],
    [
      'a 6 MB file',
      () => Buffer.concat([pngDeclaring(10, 10), Buffer.alloc(6 * 1024 * 1024)]),
      'big.png',
      'image/png',
      413,
      /5 MB/,
    ],
    [
      'a file just over 5 MB (within the multipart allowance)',
      () => Buffer.concat([pngDeclaring(10, 10), Buffer.alloc(5 * 1024 * 1024)]),
      'big.png',
      'image/png',
      413,
      /5 MB/,
    ],
    ['an empty file', () => Buffer.alloc(0), 'empty.png', 'image/png', 400, /empty/],
    [
      'text with an image content type',
      () => Buffer.from('just some text, honest'),
      'a.png',
      'image/png',
      415,
      /only JPEG/,
    ],
    [
      'a PNG signature followed by garbage',
      () => Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.from('garbage'.repeat(50))]),
      'a.png',
      'image/png',
      400,
      /could not be read/,
    ],
  ];
  const codeOf: Record<number, string> = { 400: 'BAD_REQUEST', 413: 'TOO_LARGE', 415: 'UNSUPPORTED_MEDIA' };
  for (const [what, bytes, name, type, status, message] of hostile) {
    it(`refuses ${what} with ${status}, naming the image field, and stores nothing`, async () => {
      const before = storedFiles();
      const res = await upload(t, seller, await bytes(), name, type);
      expect(await errorOf(res, status)).toEqual({
        error: expect.stringMatching(message),
        code: codeOf[status],
        field: 'image',
      });
      expect(storedFiles()).toBe(before);
    });
  }

  it('decodes at most two pictures at once however many arrive together; the others wait their turn', async () => {
    // 3000 × 2000: 6 megapixels to decode (a few tenths of a second each), in a PNG of some 80 kB.
    const large = await pngPicture(3000, 2000);
    t.deps.imageWork.resetPeaks();
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload(t, seller, large)));
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const { running, waiting, peakRunning, peakWaiting } = t.deps.imageWork.stats();
    expect({ running, waiting, peakRunning }).toEqual({ running: 0, waiting: 0, peakRunning: 2 });
    expect(peakWaiting).toBeGreaterThanOrEqual(1);
  });

  it('answers 503 with Retry-After, storing nothing, when the pictures waiting fill the queue', async () => {
    const busy = await createTestApp({ IMAGE_CONCURRENCY: '1', IMAGE_QUEUE_LENGTH: '1' });
    try {
      const someone = await busy.newUser('Seller');
      const large = await pngPicture(4000, 3000);
      const answers = await Promise.all(Array.from({ length: 4 }, () => upload(busy, someone, large)));
      // One decoding, one waiting; the other two are turned away at once.
      expect(answers.map((res) => res.status).sort()).toEqual([201, 201, 503, 503]);
      const refused = answers.filter((res) => (res.status as number) === 503);
      for (const res of refused) {
        expect(res.headers.get('retry-after')).toBe('6');
        expect(await errorOf(res, 503)).toEqual({
          error: 'The server is busy with other pictures: try again in a few seconds',
          code: 'UNAVAILABLE',
          field: 'image',
        });
      }
      expect(busy.deps.imageWork.stats()).toMatchObject({ peakRunning: 1, peakWaiting: 1, refused: 2 });
      expect(readdirSync(busy.deps.imagesDir!)).toHaveLength(4);
    } finally {
      await busy.close();
    }
  });

  it('refuses a body that is not multipart with 415, and a form without the image field with 400', async () => {
    // Raw calls: a JSON body, and a form without the image field, are what the typed client cannot send.
    const json = await t.call('POST', '/api/upload', { as: seller, json: { image: 'x' } });
    expect(await errorOf(json, 415)).toEqual({
      error: 'Send the picture as multipart/form-data in the field "image"',
      code: 'UNSUPPORTED_MEDIA',
    });

    const form = new FormData();
    form.append('picture', new File([await pngPicture()], 'a.png', { type: 'image/png' }));
    const missing = await t.app.request('/api/upload', {
      method: 'POST',
      body: form,
      headers: { origin: testOrigin, ...seller.headers },
    });
    expect(await errorOf(missing, 400)).toEqual({
      error: 'choose a picture file to upload',
      code: 'BAD_REQUEST',
      field: 'image',
    });
  });

  it('keeps the small JSON body limit on every other API path', async () => {
    const res = await t.call('POST', '/api/books', { as: seller, json: { description: 'x'.repeat(70 * 1024) } });
    expect(res.status).toBe(413);
  });

  it('answers 404 for an image that is not stored, and for a path leaving the images folder', async () => {
    for (const url of ['/images/nope.webp', `/images/..%2F${path.basename(t.deps.imagesDir!)}`, '/images/%2e%2e/x']) {
      // Asked for as a picture only: `/images/%2e%2e/x` arrives as `/x`, which a client taking HTML loads as a page.
      const res = await t.call('GET', url, { headers: { accept: 'image/webp' } });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/json/);
    }
  });
});
