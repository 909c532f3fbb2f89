import type { Locale } from '../locales.ts';
import ar from './ar.ts';
import de from './de.ts';
import { type Catalogue, english, refusals } from './en.ts';
import es from './es.ts';

// Every language's catalogue, for the server (mail, refusals, page heads) and the catalogue check. The web loads
// them a language at a time instead (build/catalogue-chunks.ts).

export const translations: Record<Exclude<Locale, 'en'>, Catalogue> = { es, de, ar };

export { english, refusals };
