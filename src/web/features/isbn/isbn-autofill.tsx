import { useEffect, useRef } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { texts } from '#shared/i18n/texts.ts';
import { toIsbn13 } from '#shared/isbn.ts';
import type { AddBookFormInput, AddBookFormValues } from '#shared/schemas/add-book.ts';
import type { IsbnDetails } from '#shared/schemas/isbn-lookup.ts';
import { useIsbnLookup } from './api/get-isbn-lookup.ts';
import { ScanIsbnButton } from './scan-isbn-button.tsx';
import { SuggestedCover } from './suggested-cover.tsx';

const m = texts.isbnLookup;

type AddBookForm = UseFormReturn<AddBookFormInput, unknown, AddBookFormValues>;

/** Fills the fields the seller left empty with what the catalogue knows; typed text is never replaced. */
function fillEmpty(form: AddBookForm, details: IsbnDetails) {
  const found = {
    bookName: details.title,
    author: details.author,
    publisher: details.publisher,
    publicationYear: details.publicationYear === null ? null : String(details.publicationYear),
  };
  for (const [name, value] of Object.entries(found) as [keyof typeof found, string | null][]) {
    if (value && !String(form.getValues(name) ?? '').trim()) form.setValue(name, value, { shouldDirty: true });
  }
}

/**
 * Under the ISBN field of the add-a-book form: once it holds a valid ISBN (typed, pasted or scanned), the server's
 * lookup fills the empty fields, one line says how it went, and a suggested cover can become the first photo.
 * Nothing here blocks listing: when the catalogue does not know the book or does not answer, the seller types.
 */
export function IsbnAutofill({ form }: { form: AddBookForm }) {
  // useWatch, not watch: typing in the ISBN field redraws this part, not the whole form.
  const isbn = toIsbn13(useWatch({ control: form.control, name: 'isbn' }) ?? '');
  const lookup = useIsbnLookup(isbn);
  const filled = useRef<string | null>(null);
  const cover = useWatch({ control: form.control, name: 'cover' });

  useEffect(() => {
    if (lookup.data?.status !== 'found' || !lookup.data.details || filled.current === lookup.data.isbn) return;
    filled.current = lookup.data.isbn;
    fillEmpty(form, lookup.data.details);
  }, [lookup.data, form]);

  let line: string | null = null;
  if (isbn && lookup.isFetching) line = m.lookingUp;
  else if (isbn && lookup.isError) line = m.unavailable;
  else if (isbn && lookup.data) {
    const { status, details } = lookup.data;
    line =
      status === 'found' && details
        ? m.found({ title: details.title })
        : status === 'not-found'
          ? m.notFound
          : m.unavailable;
  }
  const found = isbn && !lookup.isFetching && lookup.data?.status === 'found' ? lookup.data : null;

  return (
    <div className="space-y-2 md:pt-8">
      <ScanIsbnButton onScan={(scanned) => form.setValue('isbn', scanned, { shouldDirty: true })} />
      <p role="status" className="min-h-5 text-sm text-base-content/80">
        {line}
      </p>
      {found?.cover && found.details && (
        <SuggestedCover
          isbn={found.isbn}
          cover={found.cover}
          title={found.details.title}
          taken={cover || undefined}
          onTake={(url) => form.setValue('cover', url, { shouldValidate: form.formState.isSubmitted })}
        />
      )}
    </div>
  );
}
