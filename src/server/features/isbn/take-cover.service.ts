import { AppError } from '#server/app-error.ts';
import type { AppDeps } from '#server/context.ts';
import type { StoredImage } from '#server/features/uploads/uploads.public.ts';
import { storeUpload } from '#server/features/uploads/uploads.public.ts';
import { CheckedGetError, checkedGet } from '#server/net/checked-get.ts';
import { coverPolicy } from './cover-policy.ts';
import { suggestedCover } from './isbn-lookup.service.ts';

/**
 * Stores the cover the lookup suggested for `isbn` as an upload of `uploaderId`'s (content checked, re-encoded, in the
 * storage), so a listing that takes it never loads a picture from another site. Only the cover the cached lookup
 * names is fetched, a caller cannot make the server fetch an address of their choosing; and only under
 * `coverPolicy` (https, the cover hosts at every redirect, public addresses once resolved, 5 MB, 10 s), so a
 * catalogue cannot either. A cover refused or not sent is a 502 for the seller, and the log says why.
 */
export async function takeSuggestedCover(
  deps: Pick<AppDeps, 'db' | 'env' | 'log' | 'storage' | 'imageWork'>,
  uploaderId: string,
  isbn: string,
): Promise<StoredImage> {
  const policy = coverPolicy(deps.env);
  const url = await suggestedCover(deps.db, policy, isbn);
  if (!url) {
    throw new AppError('NOT_FOUND', 'There is no suggested cover for this ISBN: look it up first', { field: 'isbn' });
  }
  let picture: Buffer;
  try {
    picture = await checkedGet(url, policy);
  } catch (error) {
    if (!(error instanceof CheckedGetError)) throw error;
    deps.log.warn(error.refused ? 'cover refused' : 'cover not fetched', { isbn, reason: error.message });
    throw new AppError('BAD_GATEWAY', 'The book catalogue did not send the cover; upload a photo of the book instead', {
      field: 'isbn',
    });
  }
  return storeUpload(deps, uploaderId, picture);
}
