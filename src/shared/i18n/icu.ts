import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { Locale } from './locales.ts';

// A catalogue is an object of sections whose leaves are ICU MessageFormat strings (or lists of them, a mail's
// paragraphs). Compiled for a language, a leaf without placeholders is its string and a leaf with placeholders is
// a function of their values: `t.orders.payBy({ when })`. The web receives the leaves already parsed (the build's
// catalogue-chunks plugin), so it ships the formatter without the parser. The formatter is ours (`formatText`): the
// ICU the catalogues use (arguments, numbers with a skeleton, plural, select) over `Intl`, in a tenth of
// intl-messageformat's weight on Home.

export type TextValue = string | number | Date;

/**
 * The placeholders of an ICU string: `'Pay by {when}'` → `'when'`; `'{n, plural, one {# book} other {# books}}'` → `'n'`.
 * The branches of a plural or select are messages, read for their own placeholders: `=0 {none}` names none. Of a
 * union (the paragraphs of a mail), the placeholders of each.
 */
type Placeholders<S extends string> = S extends string ? MessageText<S>[0] : never;
type Trim<S extends string> = S extends ` ${infer T}` ? Trim<T> : S extends `${infer T} ` ? Trim<T> : S;
type Identifier<S extends string> = S extends '' ? never : S;
/** The next brace of `S`: which, the text before it, and the text after it. */
type NextBrace<S extends string> = S extends `${infer A}{${infer B}`
  ? A extends `${infer A1}}${infer A2}`
    ? ['}', A1, `${A2}{${B}`]
    : ['{', A, B]
  : S extends `${infer A}}${infer B}`
    ? ['}', A, B]
    : ['', S, ''];
/** Message text up to its closing brace (or its end): its placeholders, and what follows that brace. */
type MessageText<S extends string, Found = never> =
  NextBrace<S> extends ['{', string, infer After extends string]
    ? Argument<After> extends [infer Names, infer Rest extends string]
      ? MessageText<Rest, Found | Names>
      : never
    : NextBrace<S> extends ['}', string, infer After extends string]
      ? [Found, After]
      : [Found, ''];
/** An argument after its `{`: `name}`, or `name, plural, one {…} other {…}}` whose branches are messages. */
type Argument<S extends string> = S extends `${infer Inside}}${infer After}`
  ? Inside extends `${infer Name},${infer Tail}`
    ? Branches<`${Tail}}${After}`, Identifier<Trim<Name>>>
    : [Identifier<Trim<Inside>>, After]
  : [never, ''];
type Branches<S extends string, Found> =
  NextBrace<S> extends ['{', string, infer After extends string]
    ? MessageText<After> extends [infer Names, infer Rest extends string]
      ? Branches<Rest, Found | Names>
      : never
    : NextBrace<S> extends ['}', string, infer After extends string]
      ? [Found, After]
      : [Found, ''];

type Leaf<S extends string> = [Placeholders<S>] extends [never]
  ? string
  : (values: { readonly [K in Placeholders<S>]: TextValue }) => string;

/** A catalogue as code reads it: strings, and functions for the texts with placeholders. */
export type Compiled<T> = T extends string
  ? Leaf<T>
  : T extends readonly string[]
    ? [Placeholders<T[number]>] extends [never]
      ? readonly string[]
      : (values: { readonly [K in Placeholders<T[number]>]: TextValue }) => string[]
    : { readonly [K in keyof T]: Compiled<T[K]> };

/** Another language's catalogue: the same sections and keys as English's, every leaf a string (or list). */
export type Translation<T> = T extends string
  ? string
  : T extends readonly string[]
    ? readonly string[]
    : { readonly [K in keyof T]: Translation<T[K]> };

/** How every ICU text is parsed, at build time for the web and on first use on the server. */
export const parseText = (text: string) => parse(text, { ignoreTag: true, shouldParseSkeletons: true });

/** A leaf as the build hands it to the web: parsed ahead (an array of ICU elements). */
type ParsedLeaf = readonly MessageFormatElement[];

const isParsed = (value: unknown): value is ParsedLeaf =>
  Array.isArray(value) && value.length > 0 && typeof value[0] === 'object';

/** Whether a string is more than plain text in ICU: a placeholder, or a quote that escapes one. */
export const hasPlaceholders = (text: string) => text.includes('{') || text.includes("''");

const intlCache = new Map<string, Intl.NumberFormat | Intl.PluralRules>();
const cached = <T extends Intl.NumberFormat | Intl.PluralRules>(key: string, make: () => T): T => {
  let found = intlCache.get(key);
  if (!found) {
    found = make();
    intlCache.set(key, found);
  }
  return found as T;
};
const numberFormat = (intlLocale: string, options?: Intl.NumberFormatOptions) =>
  cached(`n${intlLocale}${JSON.stringify(options ?? {})}`, () => new Intl.NumberFormat(intlLocale, options));

function valueNamed(values: Record<string, TextValue> | undefined, name: string): TextValue {
  const value = values?.[name];
  if (value === undefined) throw new Error(`The text needs a value for "${name}"`);
  return value;
}

/**
 * How a language writes its texts: its `Intl` locale, and whether each value goes between Unicode's isolates
 * (FSI…PDI) so that a name typed in another script (an English title in an Arabic sentence) keeps its own order and
 * leaves the sentence's punctuation where it belongs. The web isolates in right-to-left languages.
 */
export interface TextFormat {
  intl: string;
  isolateValues?: boolean;
}

function formatElements(
  elements: ParsedLeaf,
  format: TextFormat,
  values: Record<string, TextValue> | undefined,
  counted?: number,
): string {
  const { intl } = format;
  let out = '';
  for (const element of elements) {
    if (element.type === TYPE.literal) out += element.value;
    else if (element.type === TYPE.argument) {
      const value = String(valueNamed(values, element.value));
      out += format.isolateValues ? `\u2068${value}\u2069` : value;
    } else if (element.type === TYPE.number) {
      const options = typeof element.style === 'object' && element.style ? element.style.parsedOptions : undefined;
      out += numberFormat(intl, options).format(Number(valueNamed(values, element.value)));
    } else if (element.type === TYPE.pound) out += numberFormat(intl).format(counted ?? 0);
    else if (element.type === TYPE.select) {
      const option = element.options[String(valueNamed(values, element.value))] ?? element.options.other;
      out += formatElements(option?.value ?? [], format, values, counted);
    } else if (element.type === TYPE.plural) {
      const n = Number(valueNamed(values, element.value));
      const rules = cached(
        `p${intl}${element.pluralType}`,
        () => new Intl.PluralRules(intl, { type: element.pluralType }),
      );
      const option =
        element.options[`=${n}`] ?? element.options[rules.select(n - element.offset)] ?? element.options.other;
      out += formatElements(option?.value ?? [], format, values, n - element.offset);
    } else throw new Error(`ICU ${TYPE[element.type]} is not one the store's texts use`);
  }
  return out;
}

/** One ICU text (or its elements, parsed ahead) in a language, with its values. */
export function formatText(message: string | ParsedLeaf, intlLocale: string, values?: Record<string, TextValue>) {
  return formatElements(typeof message === 'string' ? parseText(message) : message, { intl: intlLocale }, values);
}

function formatter(message: string | ParsedLeaf, format: TextFormat) {
  let elements: ParsedLeaf | undefined;
  return (values?: Record<string, TextValue>) => {
    elements ??= typeof message === 'string' ? parseText(message) : message;
    return formatElements(elements, format, values);
  };
}

function compileLeaf(leaf: unknown, format: TextFormat): unknown {
  if (typeof leaf === 'string') return hasPlaceholders(leaf) ? formatter(leaf, format) : leaf;
  if (isParsed(leaf)) return formatter(leaf, format);
  if (Array.isArray(leaf)) {
    const lines = leaf.map((line) => compileLeaf(line, format));
    if (lines.every((line) => typeof line === 'string')) return lines;
    return (values: Record<string, TextValue>) =>
      lines.map((line) => (typeof line === 'string' ? line : (line as (v: typeof values) => string)(values)));
  }
  return compileSections(leaf as Record<string, unknown>, format);
}

function compileSections(raw: Record<string, unknown>, format: TextFormat): Record<string, unknown> {
  return Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, compileLeaf(value, format)]));
}

/** A catalogue (or some of its sections) ready to read in a language. */
export function compileCatalogue<T>(raw: T, format: TextFormat): Compiled<T> {
  return compileSections(raw as Record<string, unknown>, format) as Compiled<T>;
}

/** Where the texts of the moment come from (texts.ts): their language, and their sections loaded so far. */
export interface TextSource {
  locale(): Locale;
  texts(): object;
}
