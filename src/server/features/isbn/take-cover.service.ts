import type { Db } from '#server/db/client.ts';
import type { StoredImage } from '#server/features/uploads/stored-image.ts';
import { storeUpload } from '#server/features/uploads/uploaded-pictures.ts';
import { AppError } from '#server/http/errors.ts';
import type { Storage } from '#server/storage/storage.ts';
import { maxImageBytes } from '#shared/constants.ts';
import { suggestedCover } from './isbn-lookup.service.ts';

/** Covers come from a picture server that may redirect (Open Library's go to archive.org): more time than a lookup. */
const coverTimeoutMs = 10_000;

const unavailable = () =>
  new AppError('BAD_GATEWAY', 'The book catalogue did not send the cover; upload a photo of the book instead', {
    field: 'isbn',
  });

/** The picture at `url`, read up to one byte past the upload limit (storeImage refuses what is larger). */
async function download(url: string): Promise<Buffer> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(coverTimeoutMs) });
    if (!res.ok || !res.body) throw unavailable();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      chunks.push(chunk);
      size += chunk.length;
      if (size > maxImageBytes) break;
    }
    return Buffer.concat(chunks);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unavailable();
  }
}

/**
 * Stores the cover the lookup suggested for `isbn` as an upload of `uploaderId`'s (content checked, re-encoded, in
 * the storage), so a listing that takes it never loads a picture from another site. Only the cover the cached
 * lookup names is fetched: a caller cannot make the server fetch an address of their choosing.
 */
export async function takeSuggestedCover(
  deps: { db: Db; storage: Storage },
  uploaderId: string,
  isbn: string,
): Promise<StoredImage> {
  const { db } = deps;
  const url = await suggestedCover(db, isbn);
  if (!url) {
    throw new AppError('NOT_FOUND', 'There is no suggested cover for this ISBN: look it up first', { field: 'isbn' });
  }
  return storeUpload(deps, uploaderId, await download(url));
}
