import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { english, refusals, translations } from './catalogues/index.ts';
import { parseText } from './icu.ts';

// tsc already refuses a catalogue with a missing or an extra key (`satisfies Catalogue`); this checks what types
// cannot: every text parses as ICU, takes the same values and tags as its English one, and the refusals are the code's.

function placeholders(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound || element.type === TYPE.tag) continue;
    found.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) placeholders(option.value, found);
    }
  }
  return found;
}

function leaves(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((line, i) => leaves(line, `${path}[${i}]`));
  return Object.entries(value as object).flatMap(([key, inner]) => leaves(inner, path ? `${path}.${key}` : key));
}

const textsOf = (root: unknown) => new Map(leaves(root));

/** The inline tags of a text (`<code>…</code>`, web/components/rich-text.tsx), in order. */
const tagsOf = (text: string) => [...text.matchAll(/<([a-z]+)>/g)].map((found) => found[1]);

describe('the catalogues', () => {
  const englishTexts = textsOf(english);

  it('English gathers every feature’s texts, each section written in one file', async () => {
    const written: string[] = [];
    for (const file of globSync('src/shared/texts/*.ts').filter((file) => !file.endsWith('.test.ts'))) {
      const module: Record<string, object> = await import(pathToFileURL(path.resolve(file)).href);
      for (const sections of Object.values(module)) written.push(...Object.keys(sections));
    }
    expect(written.sort()).toEqual(Object.keys(english).sort());
  });

  it.each(Object.entries(translations))('%s has every English text, with the same values and tags', (_, catalogue) => {
    const own = textsOf(catalogue);
    for (const [path, source] of englishTexts) {
      const translated = own.get(path);
      expect(translated, path).toBeTypeOf('string');
      const asked = [...placeholders(parse(source, { ignoreTag: true }))].sort();
      expect([...placeholders(parse(translated!, { ignoreTag: true }))].sort(), path).toEqual(asked);
      expect(tagsOf(translated!).sort(), path).toEqual(tagsOf(source).sort());
    }
  });

  it.each(Object.entries(translations))('%s translates every refusal, with the same values', (_, catalogue) => {
    expect(Object.keys(catalogue.errors).sort()).toEqual([...refusals].sort());
    for (const refusal of refusals) {
      const asked = [...placeholders(parse(refusal, { ignoreTag: true }))].sort();
      expect([...placeholders(parse(catalogue.errors[refusal], { ignoreTag: true }))].sort(), refusal).toEqual(asked);
    }
  });

  it("every text of every language uses only what the store's formatter writes (icu.ts)", () => {
    const written = new Set([TYPE.literal, TYPE.argument, TYPE.number, TYPE.pound, TYPE.select, TYPE.plural]);
    const unwritten = (elements: MessageFormatElement[]): string[] =>
      elements.flatMap((element) => [
        ...(written.has(element.type) ? [] : [TYPE[element.type]]),
        ...(element.type === TYPE.plural || element.type === TYPE.select
          ? Object.values(element.options).flatMap((option) => unwritten(option.value))
          : []),
      ]);
    for (const catalogue of [english, ...Object.values(translations)]) {
      for (const [path, text] of textsOf(catalogue)) expect(unwritten(parseText(text)), path).toEqual([]);
    }
  });

  it('every refusal written as text in the server is in the catalogue', () => {
    const written = new Set<string>();
    for (const file of globSync('src/{server,shared}/**/*.ts').filter((file) => !file.endsWith('.test.ts'))) {
      const source = readFileSync(file, 'utf8');
      for (const found of source.matchAll(/new AppError\(\s*'[A-Z_]+',\s*'((?:[^'\\]|\\.)*)'/g)) {
        written.add(found[1]!.replace(/\\'/g, "'"));
      }
    }
    const known = new Set<string>(refusals);
    expect([...written].filter((text) => !known.has(text))).toEqual([]);
  });
});
