import { useEffect, useId, useState } from 'react';
import { bundleDiscountLimits } from '#shared/bundles.ts';
import { texts } from '#shared/i18n/texts.ts';
import { useCurrentUser } from '#web/lib/use-current-user.ts';
import { useRemoveDiscount, useSaveDiscount, useSellerDiscount } from './use-bundles.ts';

const t = texts.bundles.discount;
const { percent: percentLimits, minBooks: minBooksLimits } = bundleDiscountLimits;

/** The seller's bundle discount (My Products): what it is now, and the form to set or remove it. */
export function BundleDiscountCard() {
  const { user } = useCurrentUser();
  const current = useSellerDiscount(user?.uid ?? '').data?.discount ?? null;
  const save = useSaveDiscount();
  const remove = useRemoveDiscount();
  const id = useId();
  const [percent, setPercent] = useState('10');
  const [minBooks, setMinBooks] = useState('3');
  useEffect(() => {
    if (current) {
      setPercent(String(current.percent));
      setMinBooks(String(current.minBooks));
    }
  }, [current]);
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="card card-border mb-6 bg-base-100"
      data-testid="bundle-discount"
    >
      <div className="card-body gap-3 p-4">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {t.heading}
        </h2>
        <p className="text-sm text-base-content/80">{t.intro}</p>
        <p className="text-sm font-medium" aria-live="polite">
          {current ? t.current({ percent: current.percent, minBooks: current.minBooks }) : t.none}
        </p>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate({ percent: Number(percent), minBooks: Number(minBooks) });
          }}
        >
          <label className="form-control w-32" htmlFor={`${id}-percent`}>
            <span className="label-text mb-1 block text-sm">{t.percent}</span>
            <input
              id={`${id}-percent`}
              className="input input-sm w-full"
              type="number"
              inputMode="numeric"
              min={percentLimits.min}
              max={percentLimits.max}
              step={1}
              value={percent}
              onChange={(event) => setPercent(event.target.value)}
            />
          </label>
          <label className="form-control w-40" htmlFor={`${id}-min`}>
            <span className="label-text mb-1 block text-sm">{t.minBooks}</span>
            <input
              id={`${id}-min`}
              className="input input-sm w-full"
              type="number"
              inputMode="numeric"
              min={minBooksLimits.min}
              max={minBooksLimits.max}
              step={1}
              value={minBooks}
              onChange={(event) => setMinBooks(event.target.value)}
            />
          </label>
          <button type="submit" className="btn btn-sm btn-primary" disabled={save.isPending}>
            {t.save}
          </button>
          {current && (
            <button
              type="button"
              className="btn btn-sm btn-ghost"
              disabled={remove.isPending}
              onClick={() => remove.mutate()}
            >
              {t.remove}
            </button>
          )}
        </form>
      </div>
    </section>
  );
}
