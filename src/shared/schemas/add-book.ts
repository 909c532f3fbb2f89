import { z } from 'zod';
import { bookDefects, conditions, maxBookPhotos, maxImageBytes, maxPriceCents } from '#shared/constants.ts';
import { texts } from '#shared/i18n/texts.ts';
import { toIsbn13 } from '#shared/isbn.ts';
import { withDecimalPoint } from '#shared/money.ts';
import { requiredText } from './text-fields.ts';

const m = texts.addBook;

/** A phone number as people write it: 6 to 20 digits, with spaces, a leading +, dashes and brackets. */
export function isPhoneNumber(phone: string): boolean {
  const digits = phone.replace(/\D/g, '').length;
  return /^\+?[\d\s()-]+$/.test(phone) && digits >= 6 && digits <= 20;
}

function bookText(required: string, max: number) {
  return requiredText(required, max, m.tooLong({ max }));
}

/** An amount of money typed as text or sent as a number: positive, at most two decimals, at most 1,000,000. */
function money(label: string, required: string) {
  return z
    .union([z.string(), z.number()], {
      error: (issue) => (issue.input == null ? required : m.priceNotNumber({ label })),
    })
    .transform((value, ctx) => {
      const text = withDecimalPoint(String(value).trim());
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (text === '') return fail(required);
      const amount = Number(text);
      if (!Number.isFinite(amount)) return fail(m.priceNotNumber({ label }));
      if (amount <= 0) return fail(m.pricePositive({ label }));
      if (amount * 100 > maxPriceCents) return fail(m.priceTooHigh({ label }));
      if (!/^\d+(\.\d{1,2})?$/.test(text)) return fail(m.priceDecimals({ label }));
      return amount;
    });
}

function isRealDate(text: string) {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** Optional text: blank (or left out) is null. */
function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, m.tooLong({ max }))
    .nullish()
    .transform((text) => text || null);
}

/** An optional ISBN-10 or ISBN-13 (hyphens and spaces allowed), checked by its check digit; stored as ISBN-13. */
const isbn = z
  .string()
  .trim()
  .max(40, m.isbnInvalid)
  .nullish()
  .transform((text, ctx) => {
    if (!text) return null;
    const isbn13 = toIsbn13(text);
    if (!isbn13) {
      ctx.addIssue({ code: 'custom', message: m.isbnInvalid });
      return z.NEVER;
    }
    return isbn13;
  });

/** An optional year of publication, typed as text or sent as a number: blank (or left out) is null. */
const publicationYear = z
  .union([z.string(), z.number()], { error: m.publicationYearInvalid })
  .nullish()
  .transform((value, ctx) => {
    const text = String(value ?? '').trim();
    if (text === '') return null;
    const year = Number(text);
    if (!/^\d{4}$/.test(text) || year < 1400 || year > new Date().getUTCFullYear() + 1) {
      ctx.addIssue({ code: 'custom', message: m.publicationYearInvalid });
      return z.NEVER;
    }
    return year;
  });

/** The ticked defects (any of `bookDefects`), kept once each in the checklist's order. */
const defects = z
  .array(z.enum(bookDefects, { error: `each defect must be one of ${bookDefects.join(', ')}` }), {
    error: 'defects must be a list',
  })
  .max(bookDefects.length * 2, 'defects must be a list')
  .nullish()
  .transform((ticked) => bookDefects.filter((defect) => ticked?.includes(defect)));

/** The fields a seller types; the form and the API share them. */
const bookFields = {
  bookName: bookText(m.bookNameRequired, 200),
  author: optionalText(200),
  isbn,
  publisher: optionalText(200),
  publicationYear,
  defects,
  originalPrice: money(texts.book.originalPrice, m.originalPriceRequired),
  resalePrice: money(texts.book.resalePrice, m.resalePriceRequired),
  condition: z.enum(conditions, { error: m.conditionRequired }),
  booksCategory: bookText(m.categoryRequired, 100),
  phone: bookText(m.phoneRequired, 40).refine(isPhoneNumber, m.phoneInvalid),
  location: bookText(m.locationRequired, 200),
  description: bookText(m.descriptionRequired, 2000),
  purchaseYear: z
    .string({ error: m.dateRequired })
    .trim()
    .min(1, m.dateRequired)
    .regex(/^\d{4}-\d{2}-\d{2}$/, m.dateInvalid)
    .refine(isRealDate, m.dateInvalid)
    .refine((text) => {
      // A day of slack so a seller ahead of the server's time zone can still pick their today.
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      return text >= '1900-01-01' && text <= tomorrow;
    }, m.dateRange),
};

/** `POST /api/books`: the photos are URLs `POST /api/upload` answered; `image` is the cover. */
export const addBookSchema = z.object({
  ...bookFields,
  image: bookText(m.photoRequired, 300),
  /** The photos after the cover, in order. */
  photos: z
    .array(z.string().max(300), { error: 'photos must be a list of photo URLs' })
    .max(maxBookPhotos - 1, m.tooManyPhotos)
    .optional()
    .default([]),
});
export type AddBookInput = z.input<typeof addBookSchema>;

/**
 * `PATCH /api/books/{id}`: every field again, the photos in their new order (new ones uploaded first), and the
 * `version` of the listing the seller edited, so that an edit made over another one is refused.
 */
export const editBookSchema = addBookSchema
  .extend({
    version: z
      .number({ error: m.versionRequired })
      .int(m.versionRequired)
      .positive(m.versionRequired)
      .max(2_147_483_647, m.versionRequired)
      .describe('The `version` of the listing as the seller read it; another edit since then answers 409.'),
  })
  .superRefine(({ image, photos }, ctx) => {
    const seen = new Set([image]);
    photos.forEach((url, i) => {
      if (seen.has(url)) ctx.addIssue({ code: 'custom', path: ['photos', i], message: m.photoTwice });
      seen.add(url);
    });
  });
export type EditBookInput = z.input<typeof editBookSchema>;

export const acceptedPhotoTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

/** A photo the listing already has (editing it): kept, moved or left out, never uploaded again. */
export interface StoredPhoto {
  url: string;
  thumbnail: string;
}
export const isStoredPhoto = (value: unknown): value is StoredPhoto =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as StoredPhoto).url === 'string' &&
  typeof (value as StoredPhoto).thumbnail === 'string';
const isFile = (value: unknown): value is File => typeof File !== 'undefined' && value instanceof File;

/** A chosen photo: a picture file to upload, or one the listing already has. */
const photoItem = z
  .custom<File | StoredPhoto>((value) => isFile(value) || isStoredPhoto(value), m.photoRequired)
  .refine((item) => !isFile(item) || (acceptedPhotoTypes as readonly string[]).includes(item.type), m.photoType)
  .refine((item) => !isFile(item) || item.size <= maxImageBytes, m.photoTooLarge);

/**
 * The add-a-book (and edit) form: the same fields, with the chosen photos in order, the cover first (new files
 * uploaded just before saving), or after `cover`, a picture already stored (the ISBN lookup's suggested cover,
 * taken by the seller).
 */
export const addBookFormSchema = z
  .object({
    ...bookFields,
    cover: z.string().optional(),
    photos: z.array(photoItem, { error: m.photoRequired }).max(maxBookPhotos, m.tooManyPhotos).default([]),
  })
  // Checked even while other fields are wrong (`when`), so an empty form names every missing field at once.
  .refine(({ cover, photos }) => Boolean(cover) || (Array.isArray(photos) && photos.length > 0), {
    path: ['photos'],
    message: m.photoRequired,
    when: () => true,
  })
  .refine(({ cover, photos }) => !cover || !Array.isArray(photos) || photos.length < maxBookPhotos, {
    path: ['photos'],
    message: m.tooManyPhotos,
    when: () => true,
  });
export type AddBookFormInput = z.input<typeof addBookFormSchema>;
export type AddBookFormValues = z.output<typeof addBookFormSchema>;

/** The ISBN and optional-text fields, for the price guide's query (`schemas/price-guide.ts`). */
export { isbn as isbnField, optionalText };
