import sharp from 'sharp';
import type { TestApp, TestUser } from './test-app.ts';
import { testOrigin } from './test-app.ts';

/** A small real PNG picture. */
export function pngPicture(width = 40, height = 60, color = '#b33a3a') {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** Sends `bytes` to POST /api/upload as the multipart field `image`. */
export function upload(
  t: TestApp,
  as: TestUser | undefined,
  bytes: Uint8Array,
  name = 'photo.png',
  type = 'image/png',
) {
  const form = new FormData();
  form.append('image', new File([new Uint8Array(bytes)], name, { type }));
  return t.app.request('/api/upload', { method: 'POST', body: form, headers: { origin: testOrigin, ...as?.headers } });
}

/** Uploads a small picture as `seller` and answers the stored URL. */
export async function uploadedImageUrl(t: TestApp, seller: TestUser): Promise<string> {
  const res = await upload(t, seller, await pngPicture());
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { data: { url: string } };
  return body.data.url;
}
