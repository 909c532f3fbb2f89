/** The texts compiled in English (and in another language): for tests, which check what a person reads. */
export { englishTexts as en, textsIn } from './text-source.ts';
