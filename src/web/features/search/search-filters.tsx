import { type FormEvent, useId, useState } from 'react';
import { conditions, searchSorts } from '#shared/constants.ts';
import { messages } from '#shared/messages.ts';
import { useCategories } from '#web/features/categories/api/get-categories.ts';
import { DefectFilters } from './defect-filters.tsx';
import { FilterCheckbox } from './filter-checkbox.tsx';
import type { SearchParams } from './search-params.ts';

const m = messages.search;

/** Filters and sort of the search page; every change goes into the address (shareable, Back undoes it). */
export function SearchFilters({
  params,
  onChange,
}: {
  params: SearchParams;
  onChange: (changes: Partial<Record<keyof SearchParams, string>>) => void;
}) {
  const categories = useCategories();
  const applyPrices = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onChange({ minPrice: String(form.get('minPrice') ?? ''), maxPrice: String(form.get('maxPrice') ?? '') });
  };
  const filtered =
    params.category ||
    params.condition ||
    params.minPrice ||
    params.maxPrice ||
    params.verified ||
    params.without.length > 0 ||
    params.signed;
  // On a phone the filters fold away under a button, so the results start on the first screen.
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      <button
        type="button"
        className="btn btn-sm mb-4 md:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {m.filters}
        {filtered ? ' •' : ''}
      </button>
      <section
        id={panelId}
        aria-label={m.filters}
        className={`mb-6 rounded-box bg-base-200 p-4 ${open ? '' : 'hidden'} md:block`}
      >
        <form onSubmit={applyPrices} className="grid grid-cols-2 items-end gap-3 md:grid-cols-3 lg:grid-cols-6">
          <label className="fieldset col-span-2 py-0 md:col-span-1">
            <span className="fieldset-legend">{m.category}</span>
            <select
              className="select select-sm w-full"
              value={params.category}
              onChange={(event) => onChange({ category: event.target.value })}
            >
              <option value="">{m.anyCategory}</option>
              {categories.data?.map((category) => (
                <option key={category._id}>{category.name}</option>
              ))}
            </select>
          </label>
          <label className="fieldset py-0">
            <span className="fieldset-legend">{m.condition}</span>
            <select
              className="select select-sm w-full"
              value={params.condition}
              onChange={(event) => onChange({ condition: event.target.value })}
            >
              <option value="">{m.anyCondition}</option>
              {conditions.map((condition) => (
                <option key={condition}>{condition}</option>
              ))}
            </select>
          </label>
          <label className="fieldset py-0">
            <span className="fieldset-legend">{m.sort}</span>
            <select
              className="select select-sm w-full"
              value={params.sort || (params.q ? 'relevance' : 'newest')}
              onChange={(event) => onChange({ sort: event.target.value })}
            >
              {searchSorts.map((sort) => (
                <option key={sort} value={sort}>
                  {m.sorts[sort]}
                </option>
              ))}
            </select>
          </label>
          <label className="fieldset py-0">
            <span className="fieldset-legend">{m.minPrice}</span>
            <input
              key={`min ${params.minPrice}`}
              name="minPrice"
              inputMode="decimal"
              defaultValue={params.minPrice}
              className="input input-sm w-full"
            />
          </label>
          <label className="fieldset py-0">
            <span className="fieldset-legend">{m.maxPrice}</span>
            <input
              key={`max ${params.maxPrice}`}
              name="maxPrice"
              inputMode="decimal"
              defaultValue={params.maxPrice}
              className="input input-sm w-full"
            />
          </label>
          <button type="submit" className="btn btn-sm">
            {m.apply}
          </button>
          <FilterCheckbox
            label={m.verified}
            checked={params.verified}
            onChange={(verified) => onChange({ verified })}
            className="md:col-span-3"
          />
          <DefectFilters params={params} onChange={onChange} />
          {filtered && (
            <button
              type="button"
              className="btn btn-ghost btn-sm col-span-2 md:col-span-1"
              onClick={() =>
                onChange({
                  category: '',
                  condition: '',
                  minPrice: '',
                  maxPrice: '',
                  verified: '',
                  without: '',
                  signed: '',
                })
              }
            >
              {m.clear}
            </button>
          )}
        </form>
      </section>
    </>
  );
}
