import { sql } from 'drizzle-orm';
import type { AppDeps } from '#server/context.ts';
import { uploadedPictures } from '#server/db/schema/pictures.ts';
import type { Queryable } from '#server/db/transaction.ts';
import { type StoredImage, storeImage } from './stored-image.ts';

/**
 * Stores a picture someone uploaded (a book photo, a profile photo, a suggested cover they took) as `storeImage`
 * does, and records that it is theirs: only they may then put it in a listing. Should the record fail, the files
 * are an unused upload, which the hourly cleanup deletes.
 */
export async function storeUpload(
  deps: Pick<AppDeps, 'db' | 'storage' | 'imageWork'>,
  uploaderId: string,
  input: Buffer,
  options?: { maxPixels?: number },
): Promise<StoredImage> {
  const stored = await storeImage(deps, input, options);
  await recordUpload(deps.db, uploaderId, stored.url);
  return stored;
}

/** Records that `uploaderId` uploaded the picture at `url` (for pictures stored some other way, as the demo's). */
export async function recordUpload(db: Queryable, uploaderId: string, url: string): Promise<void> {
  await db.insert(uploadedPictures).values({ url, uploaderId }).onConflictDoNothing();
}

/** The positions in `urls` of the pictures `uploaderId` did not upload (someone else's, or none of ours). */
export async function notUploadedBy(db: Queryable, uploaderId: string, urls: string[]): Promise<number[]> {
  const { rows } = await db.execute<{ url: string }>(sql`
    select ${uploadedPictures.url} as url from ${uploadedPictures}
    where ${uploadedPictures.url} in (select jsonb_array_elements_text(${JSON.stringify(urls)}::jsonb))
      and ${uploadedPictures.uploaderId} = ${uploaderId}`);
  const own = new Set(rows.map((row) => row.url));
  return urls.flatMap((url, i) => (own.has(url) ? [] : [i]));
}

/** Forgets who uploaded the pictures among `urls` (their files were deleted). */
export async function forgetUploads(db: Queryable, urls: string[]): Promise<void> {
  if (urls.length === 0) return;
  await db.execute(sql`delete from ${uploadedPictures}
    where ${uploadedPictures.url} in (select jsonb_array_elements_text(${JSON.stringify(urls)}::jsonb))`);
}
