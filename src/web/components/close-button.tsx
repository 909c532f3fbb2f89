/** The ✕ button that closes a dialog or a drawer, named by `label`; `className` places and shapes it. */
export function CloseButton({ label, className, onClick }: { label: string; className: string; onClick: () => void }) {
  return (
    <button type="button" className={`btn btn-ghost btn-sm ${className}`} aria-label={label} onClick={onClick}>
      <span aria-hidden="true">✕</span>
    </button>
  );
}
