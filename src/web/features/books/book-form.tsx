import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { categoryName, inCategoryNameOrder } from '#shared/category-names.ts';
import { conditions } from '#shared/constants.ts';
import { texts } from '#shared/i18n/texts.ts';
import {
  type AddBookFormInput,
  type AddBookFormValues,
  addBookFormSchema,
  isStoredPhoto,
} from '#shared/schemas/add-book.ts';
import type { BookDetail } from '#shared/schemas/book.ts';
import { FormField, TextField } from '#web/components/form-field.tsx';
import { PageSection } from '#web/components/page-section.tsx';
import { useCategories } from '#web/features/categories/categories.public.ts';
import { IsbnAutofill } from '#web/features/isbn/isbn.public.ts';
import { YouReceive } from '#web/features/payouts/payouts.public.ts';
import { PriceGuidePanel } from '#web/features/price-guide/price-guide.public.ts';
import { ApiError, api, unwrap } from '#web/lib/api.ts';
import { fieldProps } from '#web/lib/field-props.ts';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts';
import { DefectsField } from './defects-field.tsx';
import { PhotoField, type PhotoItem } from './photo-field.tsx';
import { type UploadedPhoto, uploadPhoto } from './upload-photo.ts';

const m = texts.addBook;
const fieldNames = Object.keys(addBookFormSchema.shape) as (keyof AddBookFormInput)[];
const today = () => new Date().toISOString().slice(0, 10);

/** The form's field that a server's field name stands for, if it is one of them. */
function formFieldOf(serverField: string | undefined): keyof AddBookFormInput | undefined {
  // The server's `image` and `photos.N` (the uploaded files, then their URLs) are the form's `photos`.
  const name = serverField === 'image' || serverField?.startsWith('photos') ? 'photos' : serverField;
  return fieldNames.find((field) => field === name);
}

/** The first message of the photos' errors: the list's own, or one photo's. */
function photosError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = error as { message?: string; root?: { message?: string } };
  if (own.message) return own.message;
  if (own.root?.message) return own.root.message;
  if (Array.isArray(error))
    return error.map((item) => (item as { message?: string } | undefined)?.message).find(Boolean);
  return undefined;
}

// The page reads the schema's fields itself, so the schema comes with it; only the zod resolver waits.
const resolver = lazyZodResolver(async () => addBookFormSchema);

const emptyForm = {
  bookName: '',
  author: '',
  isbn: '',
  publisher: '',
  publicationYear: '',
  defects: [],
  cover: '',
  originalPrice: '',
  resalePrice: '',
  booksCategory: '',
  phone: '',
  location: '',
  description: '',
  purchaseYear: '',
  photos: [],
} satisfies Partial<AddBookFormInput>;

/** The form's values for a listing being edited: its fields as typed, its photos (the cover first) kept as stored. */
function valuesOf(book: BookDetail): AddBookFormInput {
  return {
    ...emptyForm,
    bookName: book.bookName,
    author: book.author ?? '',
    isbn: book.isbn ?? '',
    publisher: book.publisher ?? '',
    publicationYear: book.publicationYear === null ? '' : String(book.publicationYear),
    defects: book.defects,
    originalPrice: String(book.originalPrice),
    resalePrice: String(book.resalePrice),
    condition: book.condition,
    booksCategory: book.booksCategory,
    phone: book.phone ?? '',
    location: book.location,
    description: book.description,
    purchaseYear: book.purchaseYear,
    photos: book.photos,
  };
}

/**
 * The add-a-book form, and the same form editing a listing (`book`): every field, the photos added, removed and
 * ordered. A new listing's phone and location start as `defaults` (the profile's meetup details, or the last listing's).
 */
export function BookForm({
  book,
  defaults,
  onReload,
}: {
  book?: BookDetail;
  defaults?: Partial<Pick<AddBookFormInput, 'phone' | 'location'>>;
  /** Reads the listing again, after another edit of it came first (409 on its version). */
  onReload?: () => void;
}) {
  const categories = useCategories();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [conflicted, setConflicted] = useState(false);
  // The photos already stored, so saving again after a failure does not upload the same file twice.
  const uploaded = useRef(new Map<File, UploadedPhoto>());
  const form = useForm<AddBookFormInput, unknown, AddBookFormValues>({
    resolver,
    defaultValues: book ? valuesOf(book) : { ...emptyForm, ...defaults },
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  /** Shows a refusal under its field when the server names one of the form's, else above the button. */
  function showFailure(error: unknown) {
    setConflicted(error instanceof ApiError && error.status === 409 && error.field === 'version');
    const field = error instanceof ApiError ? formFieldOf(error.field) : undefined;
    if (error instanceof ApiError && field) {
      setError(field, { message: error.reason }, { shouldFocus: true });
    } else {
      setFormError(error instanceof ApiError ? error.reason : error instanceof Error ? error.message : String(error));
    }
  }

  async function save({ photos, cover, ...fields }: AddBookFormValues) {
    setFormError(null);
    try {
      const urls: string[] = [];
      for (const [index, item] of (photos as PhotoItem[]).entries()) {
        if (isStoredPhoto(item)) {
          urls.push(item.url);
          continue;
        }
        const file = item;
        let stored = uploaded.current.get(file);
        if (!stored) {
          setProgress(Math.round((index * 100) / photos.length));
          stored = await uploadPhoto(file, (percent) =>
            setProgress(Math.round((index * 100 + percent) / photos.length)),
          );
          uploaded.current.set(file, stored);
        }
        urls.push(stored.url);
      }
      const [image = '', ...more] = cover ? [cover, ...urls] : urls;
      if (book) {
        const edit = { param: { id: book._id }, json: { ...fields, image, photos: more, version: book.version } };
        await unwrap(api.books[':id'].$patch(edit));
        toast.success(m.edited({ book: fields.bookName }));
      } else {
        await unwrap(api.books.$post({ json: { ...fields, image, photos: more } }));
        toast.success(m.added({ book: fields.bookName }));
      }
      await queryClient.invalidateQueries({ queryKey: ['books'] });
      await queryClient.invalidateQueries({ queryKey: ['search'] });
      navigate('/dashboard/myProducts');
    } catch (error) {
      showFailure(error);
    } finally {
      setProgress(null);
    }
  }

  const text = (
    name:
      | 'bookName'
      | 'author'
      | 'isbn'
      | 'publisher'
      | 'publicationYear'
      | 'originalPrice'
      | 'resalePrice'
      | 'phone'
      | 'location'
      | 'purchaseYear',
    extra = {},
    hint?: string,
  ) => <TextField id={name} label={m.labels[name]} hint={hint} {...fieldProps(form, name)} {...extra} />;

  return (
    <PageSection title={book ? m.editHeading : m.heading} className="max-w-3xl">
      {!book && (
        <p className="mb-4 text-base-content/80">
          {texts.shelf.manyBooks}{' '}
          <Link to="/dashboard/shelf" className="link">
            {texts.dashboard.listShelf}
          </Link>
        </p>
      )}
      <form noValidate onSubmit={handleSubmit(save)} className="grid grid-cols-1 gap-x-6 md:grid-cols-2">
        {text('isbn', { autoComplete: 'off', inputMode: 'numeric' }, m.isbnHint)}
        <IsbnAutofill form={form} />
        {text('bookName', { autoComplete: 'off' })}
        {text('author', { autoComplete: 'off' })}
        {text('publisher', { autoComplete: 'off' })}
        {text('publicationYear', { autoComplete: 'off', inputMode: 'numeric' })}
        {text('originalPrice', { inputMode: 'decimal', autoComplete: 'off' })}
        {text('resalePrice', { inputMode: 'decimal', autoComplete: 'off' })}
        <YouReceive control={control} />
        <PriceGuidePanel control={control} />
        <FormField id="condition" label={m.labels.condition} error={errors.condition}>
          {(a11y) => (
            <select {...a11y} {...register('condition')} defaultValue="" className="select w-full">
              <option value="" disabled>
                {m.chooseCondition}
              </option>
              {conditions.map((condition) => (
                <option key={condition} value={condition}>
                  {texts.conditionNames[condition]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <DefectsField field={register('defects')} />
        <FormField id="booksCategory" label={m.labels.booksCategory} error={errors.booksCategory}>
          {(a11y) => (
            <select {...a11y} {...register('booksCategory')} className="select w-full" disabled={categories.isPending}>
              <option value="" disabled>
                {m.chooseCategory}
              </option>
              {inCategoryNameOrder(categories.data ?? []).map((category) => (
                <option key={category._id} value={category.name}>
                  {categoryName(category.name)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <Controller
          name="photos"
          control={control}
          render={({ field, fieldState }) => (
            <PhotoField
              items={(field.value as PhotoItem[] | undefined) ?? []}
              error={photosError(fieldState.error ?? errors.photos)}
              progress={progress}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
            />
          )}
        />
        {text('phone', { type: 'tel', autoComplete: 'tel' })}
        {text('location', { autoComplete: 'address-level2' })}
        <div className="md:col-span-2">
          <FormField id="description" label={m.labels.description} error={errors.description}>
            {(a11y) => <textarea {...a11y} {...register('description')} rows={4} className="textarea w-full" />}
          </FormField>
        </div>
        {text('purchaseYear', { type: 'date', max: today() })}
        <div className="mt-6 space-y-3 md:col-span-2">
          {formError && (
            <div role="alert" className="alert alert-error alert-soft flex flex-wrap">
              <span>{formError}</span>
              {conflicted && onReload && (
                <button type="button" className="btn btn-sm" onClick={onReload}>
                  {m.reload}
                </button>
              )}
            </div>
          )}
          <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={isSubmitting}>
            {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {isSubmitting && <span className="sr-only">{progress === null ? m.saving : m.uploading}</span>}
            {book ? m.editSubmit : m.submit}
          </button>
        </div>
      </form>
    </PageSection>
  );
}
