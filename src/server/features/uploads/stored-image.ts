import sharp, { type Metadata, type OutputInfo, type SharpOptions } from 'sharp';
import { AppError } from '#server/app-error.ts';
import type { Storage } from '#server/storage/storage.ts';
import { maxImageBytes, maxImagePixels } from '#shared/constants.ts';
import type { ImageWork } from './image-work.ts';

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

/** Where a picture goes: the storage, through this process's queue of picture work. */
export interface ImageTarget {
  storage: Storage;
  imageWork: ImageWork;
}

/**
 * The picture and its thumbnail, as WebP, from the picture already decoded and brought down to at most 1600 px (raw
 * pixels): the thumbnail is made from those pixels, never from a second decoding of the original.
 */
function encodeResized({ data, info }: { data: Buffer; info: OutputInfo }, effort?: number): Promise<[Buffer, Buffer]> {
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  return Promise.all([
    pixels().webp({ quality: 80, effort }).toBuffer(),
    pixels().resize({ width: thumbnailWidth, withoutEnlargement: true }).webp({ quality: 75, effort }).toBuffer(),
  ]);
}

/** Both files under a new name of our own: the picture, and its thumbnail beside it. */
async function putPair(storage: Storage, full: Buffer, thumb: Buffer): Promise<StoredImage> {
  const name = crypto.randomUUID();
  const [url, thumbnail] = await Promise.all([
    storage.put(`${name}.webp`, full, 'image/webp'),
    storage.put(`${name}-${thumbnailWidth}.webp`, thumb, 'image/webp'),
  ]);
  return { url, thumbnail };
}

/**
 * A picture the server drew itself (the demo covers, an SVG), stored as `storeImage` stores an upload: the picture and
 * its thumbnail as WebP under a name of our own. Nothing to check in it; it is decoded once, from the drawing, and
 * encoded at effort 2 (flat colours and text come out hardly larger, in about half the time: a fresh store's seed
 * draws fifty of them before it answers).
 */
export async function storeDrawnPicture(storage: Storage, drawing: Buffer): Promise<StoredImage> {
  const resized = await sharp(drawing)
    .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const [full, thumb] = await encodeResized(resized, 2);
  return putPair(storage, full, thumb);
}

/**
 * Checks an uploaded picture by its content, re-encodes it to WebP (metadata stripped, long side at most 1600 px)
 * with a 400 px thumbnail made from that re-encoded size, and stores both under names of our own. A picture of
 * more than `maxPixels` is refused from its header, before it is decoded; the decoding and encoding wait for
 * their turn in `imageWork` (503 when it is full). The original is decoded once.
 */
export async function storeImage(
  { storage, imageWork }: ImageTarget,
  input: Buffer,
  { maxPixels = maxImagePixels }: { maxPixels?: number } = {},
): Promise<StoredImage> {
  if (input.length === 0) throw new AppError('BAD_REQUEST', 'the file is empty', { field: 'image' });
  if (input.length > maxImageBytes) throw new AppError('TOO_LARGE', 'the file is larger than 5 MB', { field: 'image' });
  const type = sniffImageType(input);
  if (!type)
    throw new AppError('UNSUPPORTED_MEDIA', 'only JPEG, PNG, WebP and AVIF pictures are accepted', { field: 'image' });

  const options: SharpOptions = { limitInputPixels: maxPixels, failOn: 'error' };
  let metadata: Metadata;
  const tooManyPixels = new AppError('TOO_LARGE', `the picture is larger than ${maxPixels / 1_000_000} megapixels`, {
    field: 'image',
  });
  try {
    metadata = await sharp(input, options).metadata();
  } catch (error) {
    if (String(error).includes('exceeds pixel limit')) throw tooManyPixels;
    throw new AppError('BAD_REQUEST', 'the picture could not be read', { field: 'image' });
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > maxPixels) throw tooManyPixels;
  if (metadata.format !== type && !(type === 'avif' && metadata.format === 'heif')) {
    throw new AppError('UNSUPPORTED_MEDIA', 'the file content is not the picture it claims to be', { field: 'image' });
  }

  const [full, thumb] = await imageWork.run(async () => {
    let resized: { data: Buffer; info: OutputInfo };
    try {
      resized = await sharp(input, options)
        .rotate()
        .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw new AppError('BAD_REQUEST', 'the picture could not be read', { field: 'image' });
    }
    return encodeResized(resized);
  });
  return putPair(storage, full, thumb);
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
