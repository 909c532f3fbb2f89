/** A button acting on one item of a list: it shows what it does, and tells screen readers which item as well. */
export function ItemButton({
  action,
  item,
  className,
  disabled,
  onClick,
}: {
  action: string;
  item: string;
  /** daisyUI's size and colour classes, beside `btn`. */
  className: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`btn ${className}`}
      aria-label={`${action}: ${item}`}
      disabled={disabled}
      onClick={onClick}
    >
      {action}
    </button>
  );
}

/** An ItemButton that runs `mutation` for the item `id`, and is disabled while it runs for that item. */
export function ItemMutationButton({
  mutation,
  id,
  ...button
}: Omit<Parameters<typeof ItemButton>[0], 'disabled' | 'onClick'> & {
  mutation: { isPending: boolean; variables: unknown; mutate: (id: string) => void };
  id: string;
}) {
  return (
    <ItemButton
      {...button}
      disabled={mutation.isPending && mutation.variables === id}
      onClick={() => mutation.mutate(id)}
    />
  );
}
