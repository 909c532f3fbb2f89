import { sql } from 'drizzle-orm';
import type { AppDeps } from '#server/context.ts';
import type { BookPhoto } from '#server/db/schema/catalog.ts';
import { inTransaction, type Queryable, type Tx } from '#server/db/transaction.ts';
import { addJob } from '#server/jobs/job-queue.ts';
import { storedImageFiles } from './stored-image.ts';
import { forgetUploads } from './uploaded-pictures.ts';

/** The first key of the pictures' advisory locks (the second is the hash of the picture's URL). */
const pictureLocks = 7_321_001;

/** How many pictures one transaction checks and deletes (each holds an advisory lock until the commit). */
const batchSize = 100;

/**
 * Holds pictures for the caller's transaction, which is about to make a listing use them (shared locks, in hash
 * order): their deletion waits until it ends, or went first and deleted them, which the caller's check that
 * they are stored then finds.
 */
export function holdPictures(tx: Tx, urls: string[]): Promise<void> {
  return lockPictures(tx, urls, 'pg_advisory_xact_lock_shared');
}

async function lockPictures(tx: Tx, urls: string[], lock: 'pg_advisory_xact_lock' | 'pg_advisory_xact_lock_shared') {
  await tx.execute(sql`select ${sql.raw(lock)}(${pictureLocks}, h)
    from (select distinct hashtext(url) as h from jsonb_array_elements_text(${JSON.stringify(urls)}::jsonb) as url
          order by h) as locks`);
}

/** Every picture of a book: its cover and the photos after it, each with its thumbnail. */
export function picturesOfBook(book: { image: string; thumbnail: string; photos: BookPhoto[] }): string[] {
  return [book.image, book.thumbnail, ...book.photos.flatMap((photo) => [photo.url, photo.thumbnail])];
}

/**
 * Queues, in the transaction that stops using them (a listing removed, an account closed), the deletion of
 * pictures `storeImage` made, with their thumbnails or full-size files: it runs after the commit, and keeps
 * any picture something else still uses then (the seller's other listing, a profile).
 */
export async function deletePicturesLater(tx: Tx, urls: (string | null)[]): Promise<void> {
  const files = [...new Set(urls.flatMap((url) => (url ? storedImageFiles(url) : [])))];
  if (files.length > 0) await addJob(tx, 'delete-pictures', { urls: files });
}

/**
 * The pictures among `urls` that something uses: a listing that is not removed (cover, photos, thumbnails) or
 * a profile, or a seller's draft (features/shelf). Categories have no pictures. Closed accounts have none either (their photo is cleared).
 */
async function picturesInUse(db: Queryable, urls: string[]): Promise<Set<string>> {
  const { rows } = await db.execute<{ url: string }>(sql`
    select url from jsonb_array_elements_text(${JSON.stringify(urls)}::jsonb) as url
    where url in (
      select image from books where status <> 'Removed'
      union all select thumbnail from books where status <> 'Removed'
      union all select photo ->> 'url' from books, jsonb_array_elements(photos) as photo where status <> 'Removed'
      union all select photo ->> 'thumbnail' from books, jsonb_array_elements(photos) as photo
        where status <> 'Removed'
      union all select image from "user" where image is not null
      union all select image from book_drafts where image is not null
      union all select thumbnail from book_drafts where thumbnail is not null)`);
  return new Set(rows.map((row) => row.url));
}

/**
 * Deletes from the storage each picture of `urls` that nothing uses, 100 at a time, each batch in a transaction
 * holding their locks (in hash order): a listing taking one of them meanwhile waits, then finds it gone.
 * Answers how many it deleted (or found gone already).
 */
export async function deleteUnusedPictures(deps: Pick<AppDeps, 'db' | 'storage'>, urls: string[]): Promise<number> {
  const unique = [...new Set(urls)];
  let deleted = 0;
  for (let start = 0; start < unique.length; start += batchSize) {
    const batch = unique.slice(start, start + batchSize);
    deleted += await inTransaction(deps.db, async (tx) => {
      await lockPictures(tx, batch, 'pg_advisory_xact_lock');
      const used = await picturesInUse(tx, batch);
      const unused = batch.filter((url) => !used.has(url));
      await Promise.all(unused.map((url) => deps.storage.delete(url)));
      await forgetUploads(tx, unused);
      return unused.length;
    });
  }
  return deleted;
}

/**
 * The cleanup job: deletes the pictures `storeImage` made that nothing uses and that are older than
 * ORPHAN_PICTURE_AGE (uploads never put in a listing, photos replaced, pictures of what was removed). Younger
 * ones stay: a seller uploads a photo some time before sending the listing that uses it.
 */
export async function removeOrphanPictures(deps: Pick<AppDeps, 'db' | 'storage' | 'env'>): Promise<number> {
  const bornBefore = Date.now() - deps.env.ORPHAN_PICTURE_AGE;
  let removed = 0;
  let batch: string[] = [];
  for await (const object of deps.storage.list()) {
    if (object.lastModified.getTime() > bornBefore || storedImageFiles(object.url).length === 0) continue;
    batch.push(object.url);
    if (batch.length === batchSize) {
      removed += await deleteUnusedPictures(deps, batch);
      batch = [];
    }
  }
  if (batch.length > 0) removed += await deleteUnusedPictures(deps, batch);
  return removed;
}
