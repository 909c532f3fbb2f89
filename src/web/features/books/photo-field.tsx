import { useEffect, useMemo } from 'react';
import { maxBookPhotos } from '#shared/constants.ts';
import { texts } from '#shared/i18n/texts.ts';
import { acceptedPhotoTypes, isStoredPhoto, type StoredPhoto } from '#shared/schemas/add-book.ts';
import { FormField } from '#web/components/form-field.tsx';

const m = texts.addBook;

export type PhotoItem = File | StoredPhoto;

/** What each chosen photo shows: a new file's picture in memory, a stored one's thumbnail. */
function usePreviewUrls(items: PhotoItem[]) {
  const previews = useMemo(
    () =>
      items.map((item) =>
        isStoredPhoto(item) ? { url: item.thumbnail, own: false } : { url: URL.createObjectURL(item), own: true },
      ),
    [items],
  );
  useEffect(
    () => () => {
      for (const preview of previews) if (preview.own) URL.revokeObjectURL(preview.url);
    },
    [previews],
  );
  return previews.map((preview) => preview.url);
}

const sameFile = (a: PhotoItem, b: PhotoItem) =>
  a === b ||
  (!isStoredPhoto(a) &&
    !isStoredPhoto(b) &&
    a.name === b.name &&
    a.size === b.size &&
    a.lastModified === b.lastModified);

/**
 * The photos of a listing (up to five; the first is the cover): choosing files adds them to the set, each photo
 * can be moved earlier or later and removed, with a preview of each and, while they upload, a progress bar.
 */
export function PhotoField({
  items,
  error,
  progress,
  onChange,
  onBlur,
  inputRef,
}: {
  items: PhotoItem[];
  error?: string;
  progress: number | null;
  onChange: (items: PhotoItem[]) => void;
  onBlur: () => void;
  inputRef: (element: HTMLInputElement | null) => void;
}) {
  const previews = usePreviewUrls(items);
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };
  return (
    <FormField id="photo" label={m.labels.photo} error={error ? { message: error } : undefined} hint={m.photoHint}>
      {(a11y) => (
        <div className="space-y-3">
          <input
            {...a11y}
            ref={inputRef}
            name="photo"
            type="file"
            multiple
            accept={acceptedPhotoTypes.join(',')}
            className="file-input w-full"
            onChange={(event) => {
              const chosen = [...(event.target.files ?? [])].filter(
                (file) => !items.some((item) => sameFile(item, file)),
              );
              // The same files can be chosen again after one was removed.
              event.target.value = '';
              if (chosen.length > 0) onChange([...items, ...chosen]);
            }}
            onBlur={onBlur}
          />
          {items.length > 0 && (
            <>
              <p className="text-sm text-base-content/70" aria-live="polite">
                {m.photoCount({ n: items.length, max: maxBookPhotos })}
              </p>
              <ul className="flex flex-wrap gap-3">
                {previews.map((url, index) => {
                  const n = index + 1;
                  return (
                    <li key={url} className="flex flex-col items-center gap-1" data-testid="chosen-photo">
                      <div className="relative">
                        <img
                          src={url}
                          alt={index === 0 ? m.photoPreview : m.photoNumber({ n })}
                          className={`rounded-box border object-cover ${index === 0 ? 'h-40 w-28 border-2 border-primary' : 'h-28 w-20 border-base-300'}`}
                        />
                        {index === 0 && (
                          <span className="badge badge-primary badge-sm absolute top-1 start-1">{m.coverBadge}</span>
                        )}
                      </div>
                      <div className="join">
                        <button
                          type="button"
                          className="btn btn-xs join-item"
                          aria-label={m.movePhotoEarlier({ n })}
                          disabled={index === 0}
                          onClick={() => move(index, index - 1)}
                        >
                          ←
                        </button>
                        <button
                          type="button"
                          className="btn btn-xs join-item"
                          aria-label={m.removePhoto({ n })}
                          onClick={() => onChange(items.filter((_, i) => i !== index))}
                        >
                          ✕
                        </button>
                        <button
                          type="button"
                          className="btn btn-xs join-item"
                          aria-label={m.movePhotoLater({ n })}
                          disabled={index === items.length - 1}
                          onClick={() => move(index, index + 1)}
                        >
                          →
                        </button>
                      </div>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
          {progress !== null && (
            <progress
              className="progress progress-primary w-full"
              value={progress}
              max={100}
              aria-label={m.uploading}
            />
          )}
        </div>
      )}
    </FormField>
  );
}
