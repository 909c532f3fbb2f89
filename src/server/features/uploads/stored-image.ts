import sharp, { type Metadata } from 'sharp';
import { AppError } from '#server/http/errors.ts';
import type { Storage } from '#server/storage/storage.ts';
import { maxImageBytes, maxImagePixels } from '#shared/constants.ts';

const longSide = 1600;
const thumbnailWidth = 400;

type ImageType = 'jpeg' | 'png' | 'webp' | 'avif';

/** The image type told by the file's first bytes; its name and declared type are never trusted. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(8, 12))) return 'avif';
  return null;
}

export interface StoredImage {
  url: string;
  thumbnail: string;
}

/**
 * Checks an uploaded picture by its content, re-encodes it to WebP (metadata stripped,
 * long side at most 1600 px) with a 400 px thumbnail, and stores both under names of our own.
 */
export async function storeImage(storage: Storage, input: Buffer): Promise<StoredImage> {
  if (input.length === 0) throw new AppError('BAD_REQUEST', 'the file is empty', { field: 'image' });
  if (input.length > maxImageBytes) throw new AppError('TOO_LARGE', 'the file is larger than 5 MB', { field: 'image' });
  const type = sniffImageType(input);
  if (!type)
    throw new AppError('UNSUPPORTED_MEDIA', 'only JPEG, PNG, WebP and AVIF pictures are accepted', { field: 'image' });

  const source = sharp(input, { limitInputPixels: maxImagePixels, failOn: 'error' });
  let metadata: Metadata;
  const tooManyPixels = new AppError('TOO_LARGE', 'the picture is larger than 40 megapixels', { field: 'image' });
  try {
    metadata = await source.metadata();
  } catch (error) {
    if (String(error).includes('exceeds pixel limit')) throw tooManyPixels;
    throw new AppError('BAD_REQUEST', 'the picture could not be read', { field: 'image' });
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > maxImagePixels) throw tooManyPixels;
  if (metadata.format !== type && !(type === 'avif' && metadata.format === 'heif')) {
    throw new AppError('UNSUPPORTED_MEDIA', 'the file content is not the picture it claims to be', { field: 'image' });
  }

  let full: Buffer;
  let thumb: Buffer;
  try {
    const upright = source.rotate();
    [full, thumb] = await Promise.all([
      upright
        .clone()
        .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
      upright.clone().resize({ width: thumbnailWidth, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer(),
    ]);
  } catch {
    throw new AppError('BAD_REQUEST', 'the picture could not be read', { field: 'image' });
  }
  const name = crypto.randomUUID();
  const [url, thumbnail] = await Promise.all([
    storage.put(`${name}.webp`, full, 'image/webp'),
    storage.put(`${name}-${thumbnailWidth}.webp`, thumb, 'image/webp'),
  ]);
  return { url, thumbnail };
}

const storedName = /\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;
const storedFile = new RegExp(
  `(\\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(-${thumbnailWidth})?\\.webp$`,
);

/** Both files of the picture `url` is one of (the picture and its thumbnail) when `storeImage` made it; else none. */
export function storedImageFiles(url: string): string[] {
  const match = storedFile.exec(url);
  if (!match) return [];
  const name = url.slice(0, match.index) + match[1];
  return [`${name}.webp`, `${name}-${thumbnailWidth}.webp`];
}

/** The picture and thumbnail behind `url`, if `storeImage` made it (and both files are still there). */
export async function findStoredImage(storage: Storage, url: string): Promise<StoredImage | null> {
  if (!storedName.test(url)) return null;
  const thumbnail = url.replace(/\.webp$/, `-${thumbnailWidth}.webp`);
  const [full, thumb] = await Promise.all([storage.has(url), storage.has(thumbnail)]);
  return full && thumb ? { url, thumbnail } : null;
}
