// The store's languages. Adding one: its catalogue in catalogues/<code>.ts and its line here; everything else follows
// from this list (CONTRIBUTING, "Adding a language").

export const locales = {
  en: { name: 'English', dir: 'ltr', intl: 'en-US' },
  es: { name: 'Español', dir: 'ltr', intl: 'es' },
  de: { name: 'Deutsch', dir: 'ltr', intl: 'de-DE' },
  // Latin digits, as the region's marketplaces write prices and phone numbers.
  ar: { name: 'العربية', dir: 'rtl', intl: 'ar-u-nu-latn' },
} as const;

export type Locale = keyof typeof locales;

/** The cookie that keeps the language a person chose with the switcher (web/app/language-switcher.tsx). */
export const languageCookie = 'lang';

/** The language of the specification's texts: pages in it have no prefix in their path. */
export const sourceLocale: Locale = 'en';

export const localeCodes = Object.keys(locales) as Locale[];

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && Object.hasOwn(locales, value);

/** The language a page's path is in: its first segment when that is a language other than English. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return isLocale(first) && first !== sourceLocale ? first : sourceLocale;
}

/** A page's path without its language prefix. */
export function pathWithoutLocale(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (locale === sourceLocale) return pathname;
  return pathname.slice(locale.length + 1) || '/';
}

/** The path of a page in a language: English at the root, the others under their code. */
export function localizedPath(locale: Locale, path: string): string {
  if (locale === sourceLocale) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/** The best of our languages for an Accept-Language header (`es-MX,es;q=0.9,en;q=0.8`), English when none fits. */
export function localeForAcceptLanguage(header: string | undefined | null): Locale {
  if (!header) return sourceLocale;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.language && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return (ranked.find((entry) => isLocale(entry.language))?.language as Locale | undefined) ?? sourceLocale;
}
