import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/** A labelled field with its error under it, tied to the control by aria-describedby. */
export function FormField({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: Pick<FieldError, 'message'>;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error?.message ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="fieldset">
      <label htmlFor={id} className="fieldset-legend">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error?.message), 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-sm text-base-content/70">
          {hint}
        </p>
      )}
      {error?.message && (
        <p id={errorId} className="text-sm text-error">
          {error.message}
        </p>
      )}
    </div>
  );
}

/** A labelled text input of a react-hook-form form (`registration` is what `register(name)` answered). */
export function TextField({
  id,
  label,
  error,
  hint,
  registration,
  ...input
}: {
  id: string;
  label: string;
  error?: Pick<FieldError, 'message'>;
  hint?: ReactNode;
  registration: UseFormRegisterReturn;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(field) => <input {...field} {...registration} {...input} className="input w-full" />}
    </FormField>
  );
}
