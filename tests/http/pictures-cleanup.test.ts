import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books } from '#server/db/schema/catalog.ts';
import { bookDrafts } from '#server/db/schema/shelf.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { deleteUnusedPictures, holdPictures } from '#server/features/uploads/unused-pictures.ts';
import { addJob } from '#server/jobs/job-queue.ts';
import { createBook, createCategory } from '../support/factories.ts';
import { type StorageBackend, storageBackends } from '../support/storage-backends.ts';
import { type TestApp, type TestUser, testOrigin } from '../support/test-app.ts';
import { jsonOf } from '../support/typed-client.ts';
import { pngPicture, uploadedImageUrl } from '../support/uploads.ts';

const thumbnailOf = (url: string) => url.replace(/\.webp$/, '-400.webp');

async function addBook(t: TestApp, seller: TestUser, category: string, image: string, photos: string[] = []) {
  const res = await t.as(seller).books.$post({
    json: {
      bookName: 'Leaves of Grass',
      originalPrice: 20,
      resalePrice: 9.5,
      condition: 'Good',
      booksCategory: category,
      image,
      photos,
      phone: '+1 415 555 0100',
      location: 'Mission District, San Francisco',
      description: 'A well-kept copy.',
      purchaseYear: '2023-04-01',
    },
  });
  return (await jsonOf(res, 201)).insertedId;
}

describe.each(Object.keys(storageBackends) as (keyof typeof storageBackends)[])('pictures on %s', (name) => {
  let backend: StorageBackend;
  let t: TestApp;
  let category: string;
  let categoryId: string;
  beforeAll(async () => {
    backend = await storageBackends[name]({ ORPHAN_PICTURE_AGE: '1h' });
    t = backend.t;
    ({ name: category, id: categoryId } = await createCategory(t.db));
  });
  afterAll(() => backend.close());

  /** Whether the picture and its thumbnail are stored, and load (or not) as a browser would. */
  async function stored(url: string) {
    const files = [url, thumbnailOf(url)];
    const has = await Promise.all(files.map((file) => t.deps.storage.has(file)));
    const loads = await Promise.all(files.map(async (file) => (await backend.load(file)).status));
    if (has[0] && has[1] && loads.every((status) => status === 200)) return true;
    if (!has[0] && !has[1] && loads.every((status) => status === 404)) return false;
    throw new Error(`half stored: ${url} ${has} ${loads}`);
  }

  it('deletes the pictures of a book its seller deletes once the change commits, keeping one another listing uses', async () => {
    const seller = await t.newUser('Seller');
    const cover = await uploadedImageUrl(t, seller);
    const shared = await uploadedImageUrl(t, seller);
    const first = await addBook(t, seller, category, cover, [shared]);
    await addBook(t, seller, category, shared);

    expect((await t.as(seller).books[':id'].$delete({ param: { id: first } })).status).toBe(200);
    // Nothing goes before the job runs, after the commit.
    expect(await stored(cover)).toBe(true);
    await t.runJobs();
    expect(await stored(cover)).toBe(false);
    expect(await stored(shared)).toBe(true);
  });

  it('deletes the pictures of a reported book an admin removes', async () => {
    const seller = await t.newUser('Seller');
    const cover = await uploadedImageUrl(t, seller);
    const photo = await uploadedImageUrl(t, seller);
    const book = await addBook(t, seller, category, cover, [photo]);
    expect(
      (await t.as(await t.newUser('Buyer')).books.report[':id'].$put({ param: { id: book }, json: {} })).status,
    ).toBe(200);
    const admin = await t.newUser('Admin');
    expect((await t.as(admin).reportItems[':bookId'].book.$delete({ param: { bookId: book } })).status).toBe(200);
    await t.runJobs();
    expect(await stored(cover)).toBe(false);
    expect(await stored(photo)).toBe(false);
  });

  it('deletes the profile photo and listings’ pictures of a closed account, keeping a sold book’s and a shared one', async () => {
    const seller = await t.newUser('Seller');
    const photoForm = new FormData();
    photoForm.append('image', new File([new Uint8Array(await pngPicture())], 'me.png', { type: 'image/png' }));
    const profile = await t.app.request('/api/users/me/photo', {
      method: 'POST',
      body: photoForm,
      headers: { origin: testOrigin, ...seller.headers },
    });
    expect(profile.status).toBe(200);
    const profileThumbnail = ((await profile.json()) as { photoURL: string }).photoURL;
    const profilePhoto = profileThumbnail.replace(/-400\.webp$/, '.webp');
    const listed = await uploadedImageUrl(t, seller);
    const sold = await uploadedImageUrl(t, seller);
    const alsoUsedByAnother = await uploadedImageUrl(t, seller);
    await addBook(t, seller, category, listed, [alsoUsedByAnother]);
    const soldId = await addBook(t, seller, category, sold);
    await t.db.update(books).set({ status: 'Sold' }).where(eq(books.id, soldId));
    // Another seller's listing with the same picture, as one made before pictures had owners could be (a listing may
    // now only use its own seller's uploads).
    const other = await t.newUser('Seller');
    await createBook(t.db, {
      sellerId: other.id,
      categoryId,
      image: alsoUsedByAnother,
      thumbnail: thumbnailOf(alsoUsedByAnother),
    });

    expect((await t.as(await t.newUser('Admin')).users[':id'].$delete({ param: { id: seller.id } })).status).toBe(200);
    await t.runJobs();
    expect(await stored(profilePhoto)).toBe(false);
    expect(await stored(listed)).toBe(false);
    expect(await stored(sold)).toBe(true);
    expect(await stored(alsoUsedByAnother)).toBe(true);
  });

  it('removes uploads nothing uses once older than ORPHAN_PICTURE_AGE, keeping fresh ones, used ones (a draft’s too) and files of others', async () => {
    const seller = await t.newUser('Seller');
    const [old, fresh, used, drafted] = [
      await uploadedImageUrl(t, seller),
      await uploadedImageUrl(t, seller),
      await uploadedImageUrl(t, seller),
      await uploadedImageUrl(t, seller),
    ];
    await addBook(t, seller, category, used);
    await t.db
      .insert(bookDrafts)
      .values({ sellerId: seller.id, bookName: 'A draft', image: drafted, thumbnail: thumbnailOf(drafted) });
    const notOurs = await t.deps.storage.put('site-logo.webp', Buffer.from('logo'), 'image/webp');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    const almostAnHourAgo = new Date(Date.now() - 3_000_000);
    for (const url of [old, used, drafted, notOurs]) {
      for (const file of url === notOurs ? [url] : [url, thumbnailOf(url)])
        await backend.setLastModified(file, twoHoursAgo);
    }
    for (const file of [fresh, thumbnailOf(fresh)]) await backend.setLastModified(file, almostAnHourAgo);

    await addJob(t.db, 'remove-orphan-pictures', {});
    await t.runJobs();
    expect(await stored(old)).toBe(false);
    expect(await stored(fresh)).toBe(true);
    expect(await stored(used)).toBe(true);
    expect(await stored(drafted)).toBe(true);
    expect(await t.deps.storage.has(notOurs)).toBe(true);
  });

  it('deletes many pictures in batches, each kept while used', async () => {
    const urls = await Promise.all(
      Array.from({ length: 230 }, () =>
        t.deps.storage.put(`${crypto.randomUUID()}.webp`, Buffer.from('p'), 'image/webp'),
      ),
    );
    const seller = await t.newUser('Seller');
    await createBook(t.db, { sellerId: seller.id, categoryId, image: urls[150]!, thumbnail: urls[151]! });
    expect(await deleteUnusedPictures(t.deps, [...urls, ...urls])).toBe(228);
    const left = await Promise.all(urls.map((url) => t.deps.storage.has(url)));
    expect(left.flatMap((has, i) => (has ? [i] : []))).toEqual([150, 151]);
  });

  it('keeps a picture a listing takes while its deletion waits for the listing’s transaction', async () => {
    const seller = await t.newUser('Seller');
    const picture = await uploadedImageUrl(t, seller);
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let held!: () => void;
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    const listing = inTransaction(t.db, async (tx) => {
      await holdPictures(tx, [picture, thumbnailOf(picture)]);
      held();
      await committing;
      await createBook(tx, {
        sellerId: seller.id,
        categoryId,
        image: picture,
        thumbnail: thumbnailOf(picture),
      });
    });
    await holding;
    let deletionDone = false;
    const deletion = deleteUnusedPictures(t.deps, [picture, thumbnailOf(picture)]).finally(() => {
      deletionDone = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(deletionDone).toBe(false);
    commit();
    await listing;
    expect(await deletion).toBe(0);
    expect(await stored(picture)).toBe(true);
  });
});
