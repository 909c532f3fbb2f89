import { bookDefects } from '#shared/constants.ts';
import { texts } from '#shared/i18n/texts.ts';
import type { SearchParams } from '#shared/search-params.ts';
import { FilterCheckbox } from './filter-checkbox.tsx';

const m = texts.defects;
/** The defects a buyer may leave out; the signature is asked for on its own (it is wanted, not a flaw). */
const flaws = bookDefects.filter((defect) => defect !== 'signed_by_author');

/** "Without: …" defects to leave out and "Signed by the author" to require; both live in the address. */
export function DefectFilters({
  params,
  onChange,
}: {
  params: SearchParams;
  onChange: (changes: Partial<Record<keyof SearchParams, string>>) => void;
}) {
  const toggle = (defect: string, on: boolean) => {
    const next = on ? [...params.without, defect] : params.without.filter((other) => other !== defect);
    onChange({ without: bookDefects.filter((known) => next.includes(known)).join(',') });
  };
  return (
    <>
      <fieldset className="fieldset col-span-2 py-0 md:col-span-3 lg:col-span-5">
        <legend className="fieldset-legend">{m.searchWithout}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {flaws.map((defect) => (
            <label key={defect} className="label cursor-pointer gap-2 text-base-content">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={params.without.includes(defect)}
                onChange={(event) => toggle(defect, event.target.checked)}
              />
              {m.labels[defect]}
            </label>
          ))}
        </div>
      </fieldset>
      <FilterCheckbox
        label={m.searchSigned}
        checked={params.signed}
        onChange={(signed) => onChange({ signed })}
        className="md:col-span-1"
      />
    </>
  );
}
