import { english } from './catalogues/en.ts';
import { compileCatalogue, type TextSource } from './icu.ts';
import { locales } from './locales.ts';

/** The English texts, compiled once. */
export const englishTexts = compileCatalogue(english, locales.en.intl);

/** Outside the browser the texts of the moment are English (texts.ts says why). */
export const textSource: TextSource = { locale: () => 'en', texts: () => englishTexts };
