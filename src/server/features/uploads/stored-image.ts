import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../http/errors.ts';
import type { Storage } from '../../storage/storage.ts';

export const maxImageBytes = 5 * 1024 * 1024;
export const maxImagePixels = 40_000_000;
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
  if (input.length === 0) throw new AppError('BAD_REQUEST', 'image: the file is empty');
  if (input.length > maxImageBytes) throw new AppError('TOO_LARGE', 'image: the file is larger than 5 MB');
  const type = sniffImageType(input);
  if (!type) throw new AppError('UNSUPPORTED_MEDIA', 'image: only JPEG, PNG, WebP and AVIF pictures are accepted');

  const source = sharp(input, { limitInputPixels: maxImagePixels, failOn: 'error' });
  let metadata: Metadata;
  try {
    metadata = await source.metadata();
  } catch {
    throw new AppError('BAD_REQUEST', 'image: the picture could not be read');
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels > maxImagePixels) throw new AppError('TOO_LARGE', 'image: the picture is larger than 40 megapixels');
  if (metadata.format !== type && !(type === 'avif' && metadata.format === 'heif')) {
    throw new AppError('UNSUPPORTED_MEDIA', 'image: the file content is not the picture it claims to be');
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
    throw new AppError('BAD_REQUEST', 'image: the picture could not be read');
  }
  const name = crypto.randomUUID();
  const [url, thumbnail] = await Promise.all([
    storage.put(`${name}.webp`, full, 'image/webp'),
    storage.put(`${name}-${thumbnailWidth}.webp`, thumb, 'image/webp'),
  ]);
  return { url, thumbnail };
}
