import { afterAll, describe, expect, it } from 'vitest';
import { en } from '#shared/i18n/english.ts';
import { createTestApp, errorOf, type TestUser, testOrigin } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';
import { pngPicture, upload } from '../support/uploads.ts';

const t = await createTestApp();
afterAll(() => t.close());
const [buyer, other] = await Promise.all([t.newUser('Buyer'), t.newUser('Seller')]);

describe('one’s meetup details', () => {
  it('are kept and read back, cleared with empty strings, and refused in the person’s words when malformed', async () => {
    const seller = await t.newUser('Seller');
    const read = async () => (await t.call('GET', '/api/users/me/meetup', { as: seller })).json();
    expect(await read()).toEqual({ phone: '', location: '' });
    const saved = await t.call('PUT', '/api/users/me/meetup', {
      as: seller,
      json: { phone: ' +1 (415) 555-0142 ', location: 'Central library, front steps' },
    });
    expect(await saved.json()).toEqual({ phone: '+1 (415) 555-0142', location: 'Central library, front steps' });
    expect(await read()).toEqual({ phone: '+1 (415) 555-0142', location: 'Central library, front steps' });

    const badPhone = await t.call('PUT', '/api/users/me/meetup', {
      as: seller,
      json: { phone: 'call me', location: '' },
    });
    expect(await errorOf(badPhone, 400)).toMatchObject({ field: 'phone', error: en.addBook.phoneInvalid });
    const longPlace = await t.call('PUT', '/api/users/me/meetup', {
      as: seller,
      json: { phone: '', location: 'x'.repeat(201) },
    });
    expect(await errorOf(longPlace, 400)).toMatchObject({ field: 'location' });
    expect(await read()).toEqual({ phone: '+1 (415) 555-0142', location: 'Central library, front steps' });

    await t.call('PUT', '/api/users/me/meetup', { as: seller, json: { phone: '', location: '' } });
    expect(await read()).toEqual({ phone: '', location: '' });
  });
});

describe('one’s own profile', () => {
  it('GET /users/me answers the caller; anonymous callers get 401', async () => {
    const res = await t.as(buyer).users.me.$get();
    expect(await res.json()).toMatchObject({ _id: buyer.id, email: buyer.email, role: 'Buyer', status: null });
    expect((await t.api.users.me.$get()).status).toBe(401);
  });

  it('PUT /users/me changes the display name and photo, which the session then shows', async () => {
    const photoURL = 'https://images.example.test/me.png';
    const res = await t.as(buyer).users.me.$put({ json: { displayName: ' New Name ', photoURL } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'New Name', photoURL });
    const session = await t.call('GET', '/api/auth/get-session', { as: buyer });
    expect(((await session.json()) as { user: { name: string; image: string } }).user).toMatchObject({
      name: 'New Name',
      image: photoURL,
    });
    const cleared = await t.as(buyer).users.me.$put({ json: { displayName: 'New Name', photoURL: '' } });
    expect((await jsonOf(cleared, 200)).photoURL).toBeNull();
  });

  it('refuses a photo that is not https or not one of our uploads, and an empty name', async () => {
    for (const photoURL of ['http://example.test/a.png', 'javascript:alert(1)', '/images/not-uploaded.webp']) {
      const res = await t.as(buyer).users.me.$put({ json: { displayName: 'X', photoURL } });
      expect(await errorOf(res, 400)).toMatchObject({ code: 'BAD_REQUEST', field: 'photoURL' });
    }
    const res = await t.as(buyer).users.me.$put({ json: { displayName: '', photoURL: '' } });
    expect(await errorOf(res, 400)).toEqual({
      error: en.auth.nameRequired,
      code: 'BAD_REQUEST',
      field: 'displayName',
    });
  });

  it('refuses anonymous profile changes with 401 before looking at the body', async () => {
    expect((await t.call('PUT', '/api/users/me', { json: { bad: true } })).status).toBe(401);
  });
});

describe('profile photo upload', () => {
  const send = (body: BodyInit, as?: TestUser) =>
    t.app.request('/api/users/me/photo', { method: 'POST', body, headers: { origin: testOrigin, ...as?.headers } });
  const form = (bytes: Uint8Array, name = 'me.png') => {
    const data = new FormData();
    data.append('image', new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
    return data;
  };

  it('stores the picture (re-encoded) as the caller’s photo, for any role', async () => {
    const res = await send(form(await pngPicture(300, 300)), buyer);
    const saved = (await res.json()) as { photoURL: string };
    expect(saved.photoURL).toMatch(/^\/images\/.+\.webp$/);
    const image = await t.app.request(saved.photoURL);
    expect(image.headers.get('content-type')).toBe('image/webp');
    // The uploaded address is then accepted by PUT /users/me as well.
    const keep = await t.as(buyer).users.me.$put({ json: { displayName: 'Keeps Photo', photoURL: saved.photoURL } });
    expect(keep.status).toBe(200);
  });

  it('refuses anonymous callers, non-pictures and pictures over 5 MB', async () => {
    expect((await send(form(await pngPicture()))).status).toBe(401);
    expect((await send(form(new TextEncoder().encode('<svg/>'), 'x.svg'), buyer)).status).toBe(415);
    const huge = new Uint8Array(5 * 1024 * 1024 + 1);
    huge.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect((await send(form(huge), buyer)).status).toBe(413);
  });

  it('refuses a photo of more than 25 megapixels (a book photo may have 40), saying so, before decoding it', async () => {
    // 6000 × 5000: 30 megapixels, in a few hundred kilobytes of PNG.
    const large = await pngPicture(6000, 5000);
    const before = t.deps.imageWork.stats();
    const res = await send(form(large), buyer);
    expect(await errorOf(res, 413)).toEqual({
      error: 'the picture is larger than 25 megapixels',
      code: 'TOO_LARGE',
      field: 'image',
    });
    // Refused from its header: it never took a turn at the picture work.
    expect(t.deps.imageWork.stats()).toEqual(before);
    const seller = await t.newUser('Seller');
    expect((await upload(t, seller, large)).status).toBe(201);
  });
});

describe('POST /users (save one’s own user)', () => {
  it('saves the caller’s own name', async () => {
    const res = await t.as(other).users.$post({ json: { name: 'Saved Name', email: other.email, role: 'Seller' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'Saved Name', role: 'Seller' });
  });

  it('refuses another person’s email and any change of role', async () => {
    const theirs = await t.as(buyer).users.$post({ json: { name: 'X', email: other.email } });
    expect(theirs.status).toBe(403);
    const promote = await t.as(buyer).users.$post({ json: { name: 'X', email: buyer.email, role: 'Admin' } });
    expect(promote.status).toBe(403);
    const me = await t.as(buyer).users.me.$get();
    expect((await jsonOf(me, 200)).role).toBe('Buyer');
  });

  it('refuses anonymous callers', async () => {
    expect((await t.api.users.$post({ json: { name: 'X', email: buyer.email } })).status).toBe(401);
  });
});

describe('sign-in providers', () => {
  it('lists none when nothing is configured', async () => {
    expect(await (await t.api['auth-providers'].$get()).json()).toEqual({ providers: [] });
  });
});
