import { useEffect, useRef, useState } from 'react';
import { texts } from '#shared/i18n/texts.ts';
import type { BookPhoto } from '#shared/schemas/book.ts';
import { CloseButton } from '#web/components/close-button.tsx';

const m = texts.bookPage;

/** A book's photos: the one chosen shown large (the cover first), thumbnails to choose, and a full-size view. */
export function BookGallery({ photos, bookName }: { photos: BookPhoto[]; bookName: string }) {
  const [shown, setShown] = useState(0);
  const [enlarged, setEnlarged] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const photo = photos[shown] ?? photos[0]!;
  useEffect(() => {
    if (enlarged && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [enlarged]);

  return (
    <div className="space-y-3">
      <button
        type="button"
        className="block w-full cursor-zoom-in rounded-box bg-base-200 p-4"
        aria-label={m.enlarge}
        onClick={() => setEnlarged(true)}
      >
        <img
          src={photo.url}
          alt={
            shown === 0 ? texts.book.coverOf({ name: bookName }) : `${m.largerView({ book: bookName })} (${shown + 1})`
          }
          width={600}
          height={900}
          fetchPriority="high"
          className="mx-auto max-h-[28rem] w-auto object-contain shadow"
        />
      </button>
      {photos.length > 1 && (
        <ul aria-label={m.photos} className="flex flex-wrap gap-2">
          {photos.map((item, index) => (
            <li key={item.url}>
              <button
                type="button"
                aria-label={m.showPhoto({ n: index + 1 })}
                aria-pressed={index === shown}
                className={`rounded-box border-2 p-0.5 ${index === shown ? 'border-primary' : 'border-transparent'}`}
                onClick={() => setShown(index)}
              >
                <img src={item.thumbnail} alt="" width={64} height={96} className="h-24 w-16 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {enlarged && (
        <dialog
          ref={dialog}
          className="modal"
          aria-label={m.largerView({ book: bookName })}
          onClose={() => setEnlarged(false)}
        >
          <div className="modal-box max-w-5xl">
            <CloseButton
              label={m.close}
              className="btn-circle absolute top-3 end-3"
              onClick={() => setEnlarged(false)}
            />
            <img
              src={photo.url}
              alt={m.largerView({ book: bookName })}
              className="mx-auto max-h-[80vh] w-auto object-contain"
            />
          </div>
          <form method="dialog" className="modal-backdrop">
            <button type="submit">{m.close}</button>
          </form>
        </dialog>
      )}
    </div>
  );
}
