import { useEffect, useState } from 'react';
import { maxBookPhotos } from '#shared/constants.ts';
import { pageMessages } from '#shared/page-messages.ts';
import { acceptedPhotoTypes } from '#shared/schemas/add-book.ts';
import { FormField } from '#web/components/form-field.tsx';

const m = pageMessages.addBook;

function usePreviewUrls(files: File[]) {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const objectUrls = files.map((file) => URL.createObjectURL(file));
    setUrls(objectUrls);
    return () => {
      for (const url of objectUrls) URL.revokeObjectURL(url);
    };
  }, [files]);
  return urls;
}

/**
 * The photo file input (up to five; the first chosen is the cover) with a preview of each picture and, while they
 * upload, a progress bar.
 */
export function PhotoField({
  files,
  error,
  progress,
  onChange,
  onBlur,
  inputRef,
}: {
  files: File[];
  error?: string;
  progress: number | null;
  onChange: (files: File[]) => void;
  onBlur: () => void;
  inputRef: (element: HTMLInputElement | null) => void;
}) {
  const previews = usePreviewUrls(files);
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
            onChange={(event) => onChange([...(event.target.files ?? [])])}
            onBlur={onBlur}
          />
          {previews.length > 0 && (
            <ul className="flex flex-wrap gap-2">
              {previews.slice(0, maxBookPhotos).map((url, index) => (
                <li key={url}>
                  <img
                    src={url}
                    alt={index === 0 ? m.photoPreview : m.photoNumber(index + 1)}
                    className={`rounded-box border object-cover ${index === 0 ? 'h-48 w-32 border-primary' : 'h-24 w-16 border-base-300'}`}
                  />
                </li>
              ))}
            </ul>
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
