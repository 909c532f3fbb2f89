import sharp from 'sharp';
import type { TestApp, TestUser } from './test-app.ts';
import { jsonOf } from './typed-client.ts';

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
  return t.as(as).upload.$post({ form: { image: new File([new Uint8Array(bytes)], name, { type }) } });
}

/** Uploads a small picture as `seller` and answers the stored URL. */
export async function uploadedImageUrl(t: TestApp, seller: TestUser): Promise<string> {
  return (await jsonOf(await upload(t, seller, await pngPicture()), 201)).data.url;
}
