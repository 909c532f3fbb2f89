import type { ReactNode } from 'react';

/** A button that runs `mutation` with `variables`, and is disabled while it runs. */
export function MutationButton<Variables>({
  mutation,
  variables,
  className,
  children,
}: {
  mutation: { isPending: boolean; mutate: (variables: Variables) => void };
  variables: Variables;
  /** daisyUI's size and colour classes, beside `btn`. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className ? `btn ${className}` : 'btn'}
      disabled={mutation.isPending}
      onClick={() => mutation.mutate(variables)}
    >
      {children}
    </button>
  );
}
