import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { english, refusals, translations } from '#shared/i18n/catalogues/index.ts';
import { formatText } from '#shared/i18n/icu.ts';
import { type Locale, locales } from '#shared/i18n/locales.ts';

// The server writes its refusals in English: a zod issue's text, a feature's refusal from the catalogue, or an
// AppError's own text (the catalogue's `refusals`). On the way out (http/errors.ts) the English text is matched
// against the English catalogue, and the same text of the answer's language is written with the same values.

interface Pattern {
  /** The English text as a pattern whose named groups are the text's values. */
  match: RegExp;
  /** Which values are numbers (a plural's `#`, `{n, number}`): they are formatted again in the other language. */
  numbers: Set<string>;
  /** The text in each other language. */
  translated: Partial<Record<Locale, string>>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A regular expression source for ICU elements, or null when they hold something we do not match (a select). */
function patternOf(elements: MessageFormatElement[], numbers: Set<string>, plural?: string): string | null {
  let source = '';
  for (const element of elements) {
    if (element.type === TYPE.literal) source += escapeRegExp(element.value);
    else if (element.type === TYPE.argument) source += `(?<${element.value}>.+?)`;
    else if (element.type === TYPE.number) {
      numbers.add(element.value);
      source += `(?<${element.value}>[\\d.,]+)`;
    } else if (element.type === TYPE.pound && plural) source += `\\k<${plural}>`;
    else if (element.type === TYPE.plural) {
      numbers.add(element.value);
      const options = Object.values(element.options).map((option) => patternOf(option.value, numbers, element.value));
      if (options.some((option) => option === null)) return null;
      // The first branch that mentions the number captures it; the others refer back to it.
      source += `(?:${options.map((option) => option!.replace(`\\k<${element.value}>`, `(?<${element.value}>\\d[\\d,]*)`)).join('|')})`;
    } else return null;
  }
  return source;
}

function leaves(value: unknown, path: string[] = []): [string[], string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value) || typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => leaves(inner, [...path, key]));
}

const at = (root: unknown, path: string[]) =>
  path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], root);

function buildPatterns() {
  const exact = new Map<string, Partial<Record<Locale, string>>>();
  const patterns: Pattern[] = [];
  const pairs: [string, (locale: Exclude<Locale, 'en'>) => unknown][] = [
    ...leaves(english).map(([path, text]): [string, (l: Exclude<Locale, 'en'>) => unknown] => [
      text,
      (locale) => at(translations[locale], path),
    ]),
    ...refusals.map((text): [string, (l: Exclude<Locale, 'en'>) => unknown] => [
      text,
      (locale) => translations[locale].errors[text],
    ]),
  ];
  for (const [text, translate] of pairs) {
    const translated = Object.fromEntries(
      (Object.keys(translations) as Exclude<Locale, 'en'>[]).map((locale) => [locale, translate(locale)]),
    ) as Partial<Record<Locale, string>>;
    const elements = parse(text, { ignoreTag: true });
    if (elements.every((element) => element.type === TYPE.literal)) {
      if (!exact.has(text)) exact.set(text, translated);
      continue;
    }
    const numbers = new Set<string>();
    const source = patternOf(elements, numbers);
    if (source) patterns.push({ match: new RegExp(`^${source}$`, 's'), numbers, translated });
  }
  return { exact, patterns };
}

let built: ReturnType<typeof buildPatterns> | undefined;

/** A refusal's English text in another language; the English text when the catalogue does not know it. */
export function refusalIn(locale: Locale, text: string): string {
  if (locale === 'en') return text;
  built ??= buildPatterns();
  const known = built.exact.get(text)?.[locale];
  if (known !== undefined) return formatText(known, locales[locale].intl);
  for (const pattern of built.patterns) {
    const found = pattern.match.exec(text);
    const translated = pattern.translated[locale];
    if (!found || translated === undefined) continue;
    const values = Object.fromEntries(
      Object.entries(found.groups ?? {}).map(([name, value]) => [
        name,
        pattern.numbers.has(name) ? Number(value.replace(/,/g, '')) : value,
      ]),
    );
    return formatText(translated, locales[locale].intl, values);
  }
  return text;
}
