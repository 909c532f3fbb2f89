import { texts } from '#shared/i18n/texts.ts';
import type { AddWantedInput } from '#shared/schemas/wanted.ts';
import { useSignedInAction } from '#web/app/guards.tsx';
import { useAddWanted } from './use-wanted.ts';

/**
 * A button that puts `entry` (a book's ISBN, a search that found nothing) on the Wanted list; someone signed out
 * is taken to the login page first and comes back here.
 */
export function AddToWanted({ entry, label }: { entry: AddWantedInput; label: string }) {
  const signedIn = useSignedInAction();
  const add = useAddWanted();
  return (
    <button
      type="button"
      className="btn btn-outline btn-secondary"
      disabled={add.isPending || add.isSuccess}
      onClick={() => signedIn(() => add.mutate(entry), texts.auth.signInFor.wanted)}
    >
      {add.isSuccess ? texts.wanted.added : label}
    </button>
  );
}
