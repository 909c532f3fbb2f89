import { articles, pages, shell } from 'virtual:catalogues';
import { compileCatalogue, type TextSource } from '#shared/i18n/icu.ts';
import { localeOfPath, locales } from '#shared/i18n/locales.ts';

// The web build's text source (vite.config.ts puts it in place of shared/i18n/text-source.ts): the texts of the
// language in the page's path. Home's sections load before any module that reads a text runs (this module's
// top-level await); the other pages' sections start loading at once, and a lazy page waits for them
// (`afterPageTexts`). The long articles' sections load only when a page showing one is first visited
// (`afterArticleTexts`).

const locale = localeOfPath(window.location.pathname);
// In a right-to-left language each value of a text is isolated: a name typed in Latin letters keeps its order.
const format = { intl: locales[locale].intl, isolateValues: locales[locale].dir === 'rtl' };
const loaded: Record<string, unknown> = compileCatalogue((await shell[locale]()).default, format);

const add = (chunk: { default: Record<string, unknown> }) => {
  Object.assign(loaded, compileCatalogue(chunk.default, format));
};

const pageTexts = pages[locale]().then(add);
let articleTexts: Promise<void> | undefined;

/** Loads a lazy page's module once the texts of every page are in. */
export const afterPageTexts =
  <T>(load: () => Promise<T>): (() => Promise<T>) =>
  () =>
    pageTexts.then(load);

/** Loads an article page's module once the texts of every page and of the articles are in. */
export const afterArticleTexts =
  <T>(load: () => Promise<T>): (() => Promise<T>) =>
  () => {
    articleTexts ??= articles[locale]().then(add);
    return Promise.all([pageTexts, articleTexts]).then(load);
  };

export const textSource: TextSource = { locale: () => locale, texts: () => loaded };
