import { useEffect, useState } from 'react';
import { categoryName } from '#shared/category-names.ts';
import { bookDefects, conditions } from '#shared/constants.ts';
import { texts } from '#shared/i18n/texts.ts';
import { formatMoney } from '#shared/money.ts';
import type { Draft, UpdateDraftInput } from '#shared/schemas/shelf.ts';
import { uploadPhoto } from '#web/features/books/books.public.ts';
import { useTakeCover } from '#web/features/isbn/isbn.public.ts';
import { ApiError } from '#web/lib/api.ts';
import { useUpdateDraft } from './use-shelf.ts';

const m = texts.shelf;
const labels = texts.addBook.labels;
const defectLabels = texts.defects.labels;

/** Where a field's refusal is shown: the field the server named. */
type Errors = Partial<Record<string, string>>;

/** A text or number input saved when it loses focus (or on Enter) if its value changed. */
function SavedInput({
  id,
  label,
  value,
  error,
  onSave,
  onEnter,
  hint,
  ...input
}: {
  id: string;
  label: string;
  value: string;
  error?: string | undefined;
  onSave: (value: string) => void;
  onEnter?: () => void;
  hint?: React.ReactNode;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'defaultValue'>) {
  const save = (text: string) => {
    if (text.trim() !== value) onSave(text.trim());
  };
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="fieldset py-0">
      <label htmlFor={id} className="fieldset-legend pb-1">
        {label}
      </label>
      <input
        key={value}
        id={id}
        defaultValue={value}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
        className="input input-sm w-full"
        onBlur={(event) => save(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          save(event.currentTarget.value);
          onEnter?.();
        }}
        {...input}
      />
      {hint && (
        <div id={`${id}-hint`} className="text-xs text-base-content/70">
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * One draft as a row of the list, in the order a seller goes through a book: condition, defects, price, photo, then
 * the next. Each field is saved as it is left; the rest (title, category, meeting place …) is under More details.
 */
export function DraftRow({
  draft,
  categories,
  currency,
  publishing,
  onPublish,
  onDiscard,
  onNext,
}: {
  draft: Draft;
  categories: string[];
  currency: string;
  publishing: boolean;
  onPublish: () => void;
  onDiscard: () => void;
  onNext: () => void;
}) {
  const update = useUpdateDraft();
  const takeCover = useTakeCover();
  const [errors, setErrors] = useState<Errors>({});
  const [uploading, setUploading] = useState(false);
  // The ticks show at once (a controlled checkbox would flick back until the server answers), then follow the draft.
  const [defects, setDefects] = useState(draft.defects);
  const savedDefects = draft.defects.join();
  useEffect(() => setDefects(savedDefects ? (savedDefects.split(',') as Draft['defects']) : []), [savedDefects]);
  const id = (field: string) => `draft-${draft._id}-${field}`;
  const title = draft.bookName ?? m.untitled;
  const ready = draft.missing.length === 0;

  function save(changes: UpdateDraftInput) {
    const fields = Object.keys(changes);
    update.mutate(
      { id: draft._id, changes },
      {
        onSuccess: () =>
          setErrors((current) => ({ ...current, ...Object.fromEntries(fields.map((f) => [f, undefined])) })),
        onError: (error) => {
          const field = error instanceof ApiError && error.field ? error.field.split('.')[0]! : fields[0]!;
          setErrors((current) => ({ ...current, [field]: error instanceof ApiError ? error.reason : error.message }));
        },
      },
    );
  }

  async function upload(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    try {
      const stored = await uploadPhoto(file, () => {});
      save({ image: stored.url });
    } catch (error) {
      setErrors((current) => ({ ...current, image: error instanceof Error ? error.message : String(error) }));
    } finally {
      setUploading(false);
    }
  }

  const lookupNote =
    draft.lookup === 'waiting'
      ? m.lookupWaiting
      : draft.lookup === 'not-found'
        ? m.lookupNotFound
        : draft.lookup === 'unavailable'
          ? m.lookupUnavailable
          : null;
  const picture = draft.thumbnail ?? draft.suggestedCover;
  const missingWords = draft.missing.map((field) => m.fieldNames[field] ?? field).join(', ');

  return (
    <li
      data-testid="draft"
      aria-labelledby={id('title')}
      className={`card card-border bg-base-100 ${ready ? 'border-success/60' : ''}`}
    >
      <div className="card-body gap-3 p-4">
        <div className="flex gap-3">
          {picture ? (
            <img
              src={picture}
              alt={m.coverAlt({ title })}
              className="h-24 w-16 shrink-0 rounded object-cover shadow-sm"
              loading="lazy"
            />
          ) : (
            <div className="h-24 w-16 shrink-0 rounded bg-base-300" aria-hidden="true" />
          )}
          <div className="min-w-0 flex-1">
            <h2 id={id('title')} className="text-lg leading-tight font-semibold break-words">
              {title}
            </h2>
            <p className="text-sm text-base-content/70 break-words">
              {[draft.author, draft.isbn && texts.shelf.isbnOf({ isbn: draft.isbn })].filter(Boolean).join(' · ')}
            </p>
            {lookupNote && <p className="text-sm text-warning-content/90">{lookupNote}</p>}
            <p className={`mt-1 text-sm font-medium ${ready ? 'text-success' : 'text-base-content/80'}`}>
              {ready ? m.ready : m.missing({ fields: missingWords })}
            </p>
          </div>
        </div>

        <div className="grid grid-cols-2 gap-x-3 gap-y-2 sm:grid-cols-4">
          <div className="fieldset col-span-2 py-0 sm:col-span-1">
            <label htmlFor={id('condition')} className="fieldset-legend pb-1">
              {labels.condition}
            </label>
            <select
              id={id('condition')}
              data-draft-first
              className="select select-sm w-full"
              value={draft.condition ?? ''}
              aria-invalid={Boolean(errors.condition)}
              onChange={(event) => save({ condition: (event.target.value || null) as Draft['condition'] })}
            >
              <option value="">{texts.addBook.chooseCondition}</option>
              {conditions.map((condition) => (
                <option key={condition} value={condition}>
                  {texts.conditionNames[condition]}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="fieldset col-span-2 py-0 sm:col-span-3">
            <legend className="fieldset-legend pb-1">{texts.defects.legend}</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {bookDefects.map((defect) => (
                <label key={defect} className="label cursor-pointer gap-2 text-sm text-base-content">
                  <input
                    type="checkbox"
                    className="checkbox checkbox-xs"
                    checked={defects.includes(defect)}
                    onChange={(event) => {
                      const ticked = event.target.checked
                        ? [...defects, defect]
                        : defects.filter((other) => other !== defect);
                      setDefects(ticked);
                      save({ defects: ticked });
                    }}
                  />
                  {defectLabels[defect]}
                </label>
              ))}
            </div>
          </fieldset>
          <SavedInput
            id={id('resalePrice')}
            label={`${labels.resalePrice} (${currency})`}
            inputMode="decimal"
            value={draft.resalePrice === null ? '' : String(draft.resalePrice)}
            error={errors.resalePrice}
            onSave={(value) => save({ resalePrice: value || null })}
            onEnter={onNext}
            hint={
              draft.suggestedPrice !== null && draft.suggestedPrice !== draft.resalePrice ? (
                <span>
                  {m.suggestedPrice({ price: formatMoney(draft.suggestedPrice, currency) })}{' '}
                  <button
                    type="button"
                    className="link link-primary"
                    onClick={() => save({ resalePrice: draft.suggestedPrice })}
                  >
                    {m.useSuggested}
                  </button>
                </span>
              ) : draft.suggestedPrice !== null ? (
                m.suggestedPrice({ price: formatMoney(draft.suggestedPrice, currency) })
              ) : undefined
            }
          />
          <SavedInput
            id={id('originalPrice')}
            label={`${labels.originalPrice} (${currency})`}
            inputMode="decimal"
            value={draft.originalPrice === null ? '' : String(draft.originalPrice)}
            error={errors.originalPrice}
            onSave={(value) => save({ originalPrice: value || null })}
            onEnter={onNext}
          />
          <div className="fieldset col-span-2 py-0">
            <span className="fieldset-legend pb-1">{labels.photo}</span>
            {draft.image ? (
              <p className="text-sm text-success">✓ {labels.photo}</p>
            ) : (
              <div className="flex flex-wrap items-center gap-2">
                {draft.suggestedCover && draft.isbn && (
                  <button
                    type="button"
                    className="btn btn-outline btn-xs h-auto min-h-7 py-1"
                    disabled={takeCover.isPending}
                    onClick={() =>
                      takeCover.mutate(draft.isbn!, {
                        onSuccess: (stored) => save({ image: stored.url }),
                        onError: (error) => setErrors((current) => ({ ...current, image: error.message })),
                      })
                    }
                  >
                    {m.takeCover}
                  </button>
                )}
                <label className="btn btn-ghost btn-xs h-auto min-h-7 py-1">
                  {uploading ? <span className="loading loading-spinner loading-xs" /> : m.uploadPhoto}
                  <input
                    type="file"
                    accept="image/jpeg,image/png,image/webp,image/avif"
                    className="sr-only"
                    onChange={(event) => void upload(event.target.files?.[0])}
                  />
                </label>
              </div>
            )}
            {errors.image && <p className="text-xs text-error">{errors.image}</p>}
          </div>
        </div>

        <details className="collapse-arrow collapse rounded-box border border-base-300">
          <summary className="collapse-title min-h-0 py-2 text-sm font-medium">{m.moreDetails}</summary>
          <div className="collapse-content grid grid-cols-1 gap-x-3 gap-y-2 sm:grid-cols-2">
            <SavedInput
              id={id('bookName')}
              label={labels.bookName}
              value={draft.bookName ?? ''}
              error={errors.bookName}
              onSave={(value) => save({ bookName: value || null })}
            />
            <SavedInput
              id={id('author')}
              label={labels.author}
              value={draft.author ?? ''}
              error={errors.author}
              onSave={(value) => save({ author: value || null })}
            />
            <div className="fieldset py-0">
              <label htmlFor={id('booksCategory')} className="fieldset-legend pb-1">
                {labels.booksCategory}
              </label>
              <select
                id={id('booksCategory')}
                className="select select-sm w-full"
                value={draft.booksCategory ?? ''}
                onChange={(event) => save({ booksCategory: event.target.value || null })}
              >
                <option value="">{texts.addBook.chooseCategory}</option>
                {categories.map((name) => (
                  <option key={name} value={name}>
                    {categoryName(name)}
                  </option>
                ))}
              </select>
            </div>
            <SavedInput
              id={id('purchaseYear')}
              label={labels.purchaseYear}
              type="date"
              value={draft.purchaseYear ?? ''}
              error={errors.purchaseYear}
              onSave={(value) => save({ purchaseYear: value || null })}
            />
            <SavedInput
              id={id('phone')}
              label={labels.phone}
              type="tel"
              value={draft.phone ?? ''}
              error={errors.phone}
              onSave={(value) => save({ phone: value || null })}
            />
            <SavedInput
              id={id('location')}
              label={labels.location}
              value={draft.location ?? ''}
              error={errors.location}
              onSave={(value) => save({ location: value || null })}
            />
            <div className="fieldset py-0 sm:col-span-2">
              <label htmlFor={id('description')} className="fieldset-legend pb-1">
                {labels.description}
              </label>
              <textarea
                key={draft.description ?? ''}
                id={id('description')}
                className="textarea textarea-sm w-full"
                rows={2}
                defaultValue={draft.description ?? ''}
                onBlur={(event) => {
                  if (event.target.value.trim() !== (draft.description ?? '')) {
                    save({ description: event.target.value.trim() || null });
                  }
                }}
              />
            </div>
          </div>
        </details>

        <div className="card-actions items-center justify-between">
          <div className="flex gap-2">
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={!ready || publishing}
              aria-describedby={ready ? undefined : id('title')}
              onClick={onPublish}
            >
              {m.publishOne}
            </button>
            <button type="button" className="btn btn-ghost btn-sm text-error" onClick={onDiscard}>
              {m.discard}
            </button>
          </div>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onNext}>
            {m.next} ↓
          </button>
        </div>
      </div>
    </li>
  );
}
