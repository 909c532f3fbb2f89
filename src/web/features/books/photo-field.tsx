import { useEffect, useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { messages } from '../../../shared/messages.ts';
import { acceptedPhotoTypes } from '../../../shared/schemas/add-book.ts';
import { FormField } from '../../components/form-field.tsx';

const m = messages.addBook;

function usePreviewUrl(file: File | undefined) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/** The photo file input with a preview of the chosen picture and, while it uploads, a progress bar. */
export function PhotoField({
  file,
  error,
  progress,
  onChange,
  onBlur,
  inputRef,
}: {
  file: File | undefined;
  error?: FieldError;
  progress: number | null;
  onChange: (file: File | undefined) => void;
  onBlur: () => void;
  inputRef: (element: HTMLInputElement | null) => void;
}) {
  const preview = usePreviewUrl(file);
  return (
    <FormField id="photo" label={m.labels.photo} error={error} hint={m.photoHint}>
      {(a11y) => (
        <div className="space-y-3">
          <input
            {...a11y}
            ref={inputRef}
            name="photo"
            type="file"
            accept={acceptedPhotoTypes.join(',')}
            className="file-input w-full"
            onChange={(event) => onChange(event.target.files?.[0])}
            onBlur={onBlur}
          />
          {preview && (
            <img
              src={preview}
              alt={m.photoPreview}
              className="h-48 w-32 rounded-box border border-base-300 object-cover"
            />
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
