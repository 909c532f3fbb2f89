import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { categoryName, inCategoryNameOrder } from '#shared/category-names.ts';
import { conditions, searchSorts } from '#shared/constants.ts';
import { texts } from '#shared/i18n/texts.ts';
import type { SearchParams } from '#shared/search-params.ts';
import { useCategories } from '#web/features/categories/categories.public.ts';
import { DefectFilters } from './defect-filters.tsx';
import { FilterCheckbox } from './filter-checkbox.tsx';

const m = texts.search;

function FilterSelect({
  label,
  value,
  onChange,
  className,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={className ? `fieldset py-0 ${className}` : 'fieldset py-0'}>
      <span className="fieldset-legend">{label}</span>
      <select className="select select-sm w-full" value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </label>
  );
}

/** A price bound, read from the form when it is applied. */
function PriceFilter({ label, name, value }: { label: string; name: 'minPrice' | 'maxPrice'; value: string }) {
  return (
    <label className="fieldset py-0">
      <span className="fieldset-legend">{label}</span>
      <input name={name} inputMode="decimal" defaultValue={value} className="input input-sm w-full" />
    </label>
  );
}

/** Filters and sort of the search page; every change goes into the address (shareable, Back undoes it). */
export function SearchFilters({
  params,
  onChange,
}: {
  params: SearchParams;
  onChange: (changes: Partial<Record<keyof SearchParams, string>>) => void;
}) {
  const categories = useCategories();
  /** Puts one filter's new value into the address. */
  const set = (name: keyof SearchParams) => (value: string) => onChange({ [name]: value });
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
          <FilterSelect
            label={m.category}
            value={params.category}
            onChange={set('category')}
            className="col-span-2 md:col-span-1"
          >
            <option value="">{m.anyCategory}</option>
            {inCategoryNameOrder(categories.data ?? []).map((category) => (
              <option key={category._id} value={category.name}>
                {categoryName(category.name)}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect label={m.condition} value={params.condition} onChange={set('condition')}>
            <option value="">{m.anyCondition}</option>
            {conditions.map((condition) => (
              <option key={condition} value={condition}>
                {texts.conditionNames[condition]}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect
            label={m.sort}
            value={params.sort || (params.q ? 'relevance' : 'newest')}
            onChange={set('sort')}
          >
            {searchSorts.map((sort) => (
              <option key={sort} value={sort}>
                {m.sorts[sort]}
              </option>
            ))}
          </FilterSelect>
          <PriceFilter key={`min ${params.minPrice}`} label={m.minPrice} name="minPrice" value={params.minPrice} />
          <PriceFilter key={`max ${params.maxPrice}`} label={m.maxPrice} name="maxPrice" value={params.maxPrice} />
          <button type="submit" className="btn btn-sm">
            {m.apply}
          </button>
          <FilterCheckbox
            label={m.verified}
            checked={params.verified}
            onChange={set('verified')}
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
