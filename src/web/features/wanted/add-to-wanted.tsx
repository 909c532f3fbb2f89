import { useLocation, useNavigate } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import type { AddWantedInput } from '#shared/schemas/wanted.ts';
import type { SignInState } from '#web/app/guards.tsx';
import { useCurrentUser } from '#web/lib/use-current-user.ts';
import { useAddWanted } from './use-wanted.ts';

/**
 * A button that puts `entry` (a book's ISBN, a search that found nothing) on the Wanted list; someone signed out
 * is taken to the login page first and comes back here.
 */
export function AddToWanted({ entry, label }: { entry: AddWantedInput; label: string }) {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const add = useAddWanted();
  return (
    <button
      type="button"
      className="btn btn-outline btn-secondary"
      disabled={add.isPending || add.isSuccess}
      onClick={() =>
        user
          ? add.mutate(entry)
          : navigate('/login', {
              state: { from: location, reason: texts.auth.signInFor.wanted } satisfies SignInState,
            })
      }
    >
      {add.isSuccess ? texts.wanted.added : label}
    </button>
  );
}
