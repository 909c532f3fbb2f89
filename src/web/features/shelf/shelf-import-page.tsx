import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { categoryName, inCategoryNameOrder } from '#shared/category-names.ts';
import { texts } from '#shared/i18n/texts.ts';
import { shelfImportMaxChars } from '#shared/schemas/shelf.ts';
import { FormField } from '#web/components/form-field.tsx';
import { PageSection } from '#web/components/page-section.tsx';
import { useSellerBooks } from '#web/features/books/books.public.ts';
import { useCategories } from '#web/features/categories/categories.public.ts';
import { barcodeDetectorClass, IsbnScanner } from '#web/features/isbn/isbn.public.ts';
import { useMeetupDetails } from '#web/features/users/users.public.ts';
import { ApiError } from '#web/lib/api.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { useCurrentUser } from '#web/lib/use-current-user.ts';
import { ImportProgress } from './import-progress.tsx';
import { useStartShelfImport } from './use-shelf.ts';

const m = texts.shelf;
const labels = texts.addBook.labels;

const sizeInWords = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The fields every draft starts with, as a new listing's do: the phone and meeting place from the profile's meetup
 * details, else from the seller's newest listing, which also gives the category and date. Null until both are known.
 */
function useStartingDefaults() {
  const { user } = useCurrentUser();
  const newest = useSellerBooks(user?.email ?? '', 1);
  const meetup = useMeetupDetails();
  if (newest.isPending || meetup.isPending) return null;
  const last = newest.data?.items[0];
  return {
    booksCategory: last?.booksCategory ?? '',
    phone: meetup.data?.phone || last?.phone || '',
    location: meetup.data?.location || last?.location || '',
    purchaseYear: last?.purchaseYear.slice(0, 10) ?? '',
  };
}

/** `/dashboard/shelf`: ISBNs typed, pasted or scanned, or a catalogue's CSV export, made into drafts. */
export function ShelfImportPage() {
  useDocumentTitle(m.heading);
  const [params, setParams] = useSearchParams();
  const importId = params.get('import');
  const start = useStartShelfImport();
  const categories = useCategories();
  const starting = useStartingDefaults();
  const [isbns, setIsbns] = useState('');
  const [file, setFile] = useState<{ name: string; text: string; size: number } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const [scanned, setScanned] = useState<string | null>(null);
  const [defaults, setDefaults] = useState({ booksCategory: '', phone: '', location: '', purchaseYear: '' });
  const prefilled = useRef(false);
  useEffect(() => {
    if (starting && !prefilled.current) {
      prefilled.current = true;
      // What the seller typed before the defaults arrived stays.
      setDefaults((typed) => ({
        booksCategory: typed.booksCategory || starting.booksCategory,
        phone: typed.phone || starting.phone,
        location: typed.location || starting.location,
        purchaseYear: typed.purchaseYear || starting.purchaseYear,
      }));
    }
  }, [starting]);
  const canScan = Boolean(barcodeDetectorClass());
  const refusal = start.error instanceof ApiError ? start.error : null;
  const textError = refusal && (!refusal.field || refusal.field === 'text') ? refusal.reason : null;

  async function chooseFile(chosen: File | undefined) {
    setFileError(null);
    setFile(null);
    if (!chosen) return;
    if (chosen.size > shelfImportMaxChars) {
      setFileError(m.fileTooLarge);
      return;
    }
    setFile({ name: chosen.name, text: await chosen.text(), size: chosen.size });
  }

  function addScanned(isbn: string) {
    // The camera reads a barcode four times a second while it is in view: each ISBN is added once.
    if (isbns.split('\n').some((line) => line.trim() === isbn)) return;
    setScanned(isbn);
    setIsbns(`${isbns}${isbns && !isbns.endsWith('\n') ? '\n' : ''}${isbn}\n`);
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const text = file?.text ?? isbns;
    start.mutate(
      { text, defaults },
      {
        onSuccess: (started) => {
          setParams({ import: started._id });
          setIsbns('');
          setFile(null);
        },
      },
    );
  };

  const setDefault = (field: keyof typeof defaults) => (event: { target: { value: string } }) =>
    setDefaults((current) => ({ ...current, [field]: event.target.value }));

  return (
    <PageSection title={m.heading} className="mx-auto max-w-3xl">
      <p className="mb-6 text-base-content/80">{m.intro}</p>
      {importId && <ImportProgress id={importId} onAnother={() => setParams({})} />}
      {!importId && (
        <form onSubmit={submit} className="space-y-6" noValidate>
          <div className="card card-border bg-base-100">
            <div className="card-body gap-4">
              <FormField
                id="shelf-isbns"
                label={m.isbnsLabel}
                hint={m.isbnsHint}
                error={textError ? { message: textError } : undefined}
              >
                {(a11y) => (
                  <textarea
                    {...a11y}
                    value={isbns}
                    onChange={(event) => setIsbns(event.target.value)}
                    rows={8}
                    spellCheck={false}
                    autoComplete="off"
                    placeholder={'978-0-14-143951-8\n0140328726\n…'}
                    disabled={Boolean(file)}
                    className="textarea w-full font-mono text-base"
                  />
                )}
              </FormField>
              {canScan && (
                <div>
                  {!scanning && (
                    <button type="button" className="btn btn-outline btn-sm" onClick={() => setScanning(true)}>
                      {m.scan}
                    </button>
                  )}
                  {scanning && <IsbnScanner hint={m.scanHint} onScan={addScanned} onClose={() => setScanning(false)} />}
                  <p role="status" className="mt-1 text-sm text-success">
                    {scanned ? m.scanned({ isbn: scanned }) : ''}
                  </p>
                </div>
              )}
              <div className="divider my-0 text-sm text-base-content/70">{m.or}</div>
              <FormField
                id="shelf-file"
                label={m.fileLabel}
                hint={file ? m.fileRead({ name: file.name, size: sizeInWords(file.size) }) : undefined}
                error={fileError ? { message: fileError } : undefined}
              >
                {(a11y) => (
                  <input
                    {...a11y}
                    type="file"
                    accept=".csv,text/csv"
                    className="file-input w-full"
                    onChange={(event) => void chooseFile(event.target.files?.[0])}
                  />
                )}
              </FormField>
            </div>
          </div>

          <fieldset className="card card-border bg-base-100">
            <div className="card-body gap-2">
              <legend className="card-title float-left mb-2 w-full text-lg">{m.defaultsHeading}</legend>
              <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
                <FormField id="shelf-category" label={labels.booksCategory}>
                  {(a11y) => (
                    <select
                      {...a11y}
                      className="select w-full"
                      value={defaults.booksCategory}
                      onChange={setDefault('booksCategory')}
                    >
                      <option value="">{texts.addBook.chooseCategory}</option>
                      {inCategoryNameOrder(categories.data ?? []).map((category) => (
                        <option key={category._id} value={category.name}>
                          {categoryName(category.name)}
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
                <FormField id="shelf-phone" label={labels.phone}>
                  {(a11y) => (
                    <input
                      {...a11y}
                      type="tel"
                      autoComplete="tel"
                      className="input w-full"
                      value={defaults.phone}
                      onChange={setDefault('phone')}
                    />
                  )}
                </FormField>
                <FormField id="shelf-location" label={labels.location}>
                  {(a11y) => (
                    <input
                      {...a11y}
                      className="input w-full"
                      value={defaults.location}
                      onChange={setDefault('location')}
                    />
                  )}
                </FormField>
                <FormField id="shelf-purchase" label={labels.purchaseYear}>
                  {(a11y) => (
                    <input
                      {...a11y}
                      type="date"
                      className="input w-full"
                      value={defaults.purchaseYear}
                      onChange={setDefault('purchaseYear')}
                    />
                  )}
                </FormField>
              </div>
            </div>
          </fieldset>
          {refusal?.field && refusal.field !== 'text' && (
            <p role="alert" className="text-error">
              {refusal.message}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className="btn btn-primary" disabled={start.isPending}>
              {start.isPending ? m.starting : m.start}
            </button>
            <Link to="/dashboard/drafts" className="link">
              {m.goToDrafts}
            </Link>
          </div>
        </form>
      )}
    </PageSection>
  );
}
