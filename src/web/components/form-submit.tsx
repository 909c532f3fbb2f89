import type { ReactNode } from 'react';

/** A form's submit button: disabled with a spinner while the form is sent. */
export function SubmitButton({
  busy,
  className = 'mt-4 w-full',
  children,
}: {
  busy: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={`btn btn-primary ${className}`} disabled={busy}>
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** What the server said when a form was refused, read out at once. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-error">
      {message}
    </p>
  );
}
