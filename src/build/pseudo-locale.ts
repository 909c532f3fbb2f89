import { type MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';
import { parseText } from '../shared/i18n/icu.ts';

// The pseudo-locale (PSEUDO_LOCALE=1 at build time, never in the store's build): every English text of the web
// comes out as `⟦Ŧĥé ƀóóķš⟧`, its letters accented and the whole text between markers, placeholders, ICU syntax and
// tags untouched. A text on screen that is not from the catalogues is then the only plain ASCII prose on the page,
// which tests/e2e/untranslated-texts.spec.ts looks for.

export const pseudoOpen = '⟦';
export const pseudoClose = '⟧';

const accented: Record<string, string> = Object.fromEntries(
  [...'aáeéiíoóuúcçnñyýsšzžgĝhĥjĵkķlļrŕtţwŵdďbƀfƒmɱpþvṽxẋqʠ', ...'AÁEÉIÍOÓUÚCÇNÑYÝSŠZŽGĜHĤJĴKĶLĻRŔTŢWŴDĎBɃFƑMṀPÞVṼXẊQǪ']
    .join('')
    .match(/../gu)!
    .map((pair) => [...pair] as [string, string]),
);

/** A plain text with every ASCII letter accented, but for the names of its tags (`<code>`, web/components/rich-text.tsx). */
export const accent = (text: string) =>
  text.replace(/<\/?[a-z]+>|[A-Za-z]/g, (found) => (found.length > 1 ? found : (accented[found] ?? found)));

function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: accent(element.value) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [
          key,
          { ...option, value: pseudoElements(option.value) },
        ]),
      );
      return { ...element, options } as MessageFormatElement;
    }
    if (element.type === TYPE.tag) return { ...element, children: pseudoElements(element.children) };
    return element;
  });
}

/**
 * One English ICU text pseudo-localized: a plain text stays a string, a text with placeholders is answered parsed
 * (as the build hands every such text to the web).
 */
export function pseudoText(text: string, hasPlaceholders: boolean): string | MessageFormatElement[] {
  if (!hasPlaceholders) return `${pseudoOpen}${accent(text)}${pseudoClose}`;
  const literal = (value: string) => ({ type: TYPE.literal, value }) as MessageFormatElement;
  return [literal(pseudoOpen), ...pseudoElements(parseText(text)), literal(pseudoClose)];
}
