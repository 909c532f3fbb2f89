import { texts } from '#shared/i18n/texts.ts';
import { useTakeCover } from './use-take-cover.ts';

const m = texts.isbnLookup;

/**
 * The cover the catalogue suggests, shown from its server until the seller takes it: then the server stores its
 * own copy and that becomes the listing's first photo (`onTake` gets its URL, or '' when dropped again).
 */
export function SuggestedCover({
  isbn,
  cover,
  title,
  taken,
  onTake,
}: {
  isbn: string;
  cover: string;
  title: string;
  taken?: string;
  onTake: (url: string) => void;
}) {
  const take = useTakeCover();
  const stored = taken ? take.data : undefined;
  return (
    <figure className="flex items-end gap-3">
      <img
        src={stored?.thumbnail ?? cover}
        alt={m.coverAlt({ title })}
        referrerPolicy="no-referrer"
        className={`h-36 w-24 rounded-box border object-cover ${taken ? 'border-primary' : 'border-base-300'}`}
      />
      <figcaption className="space-y-2 text-sm">
        <p className="font-semibold">{m.coverSuggestion}</p>
        {taken ? (
          <>
            <p>{m.coverTaken}</p>
            <button type="button" className="btn btn-sm btn-ghost" onClick={() => onTake('')}>
              {m.dropCover}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={take.isPending}
            onClick={() => take.mutate(isbn, { onSuccess: (picture) => onTake(picture.url) })}
          >
            {take.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {take.isPending ? m.takingCover : m.takeCover}
          </button>
        )}
        {take.isError && !taken && (
          <p role="alert" className="text-error">
            {take.error.message}
          </p>
        )}
      </figcaption>
    </figure>
  );
}
