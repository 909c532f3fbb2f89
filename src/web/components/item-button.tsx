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
