/** The English texts: for tests, which check what a person reads in English. */
export { englishTexts as en } from './text-source.ts';
