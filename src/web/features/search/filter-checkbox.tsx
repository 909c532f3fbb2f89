/** A yes-or-no search filter: ticked, its parameter is `true`; unticked, it is left out of the address. */
export function FilterCheckbox({
  label,
  checked,
  onChange,
  className,
}: {
  label: string;
  checked: boolean;
  onChange: (value: 'true' | '') => void;
  className: string;
}) {
  return (
    <label className={`label col-span-2 cursor-pointer gap-2 ${className}`}>
      <input
        type="checkbox"
        className="checkbox checkbox-sm"
        checked={checked}
        onChange={(event) => onChange(event.target.checked ? 'true' : '')}
      />
      <span className="text-base-content">{label}</span>
    </label>
  );
}
