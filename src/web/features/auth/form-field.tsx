import type { ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';

/** A labelled field with its error under it, tied to the control by aria-describedby. */
export function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: FieldError;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="fieldset">
      <label htmlFor={id} className="fieldset-legend">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? errorId : undefined })}
      {error?.message && (
        <p id={errorId} className="text-sm text-error">
          {error.message}
        </p>
      )}
    </div>
  );
}
