import { Fragment, type ReactNode } from 'react';

/** How a tag of a text is drawn, from the text between its opening and closing tag. */
type Tags = Record<string, (inner: string) => ReactNode>;

const inline: Tags = {
  // Code reads left to right in a right-to-left text too.
  code: (inner) => <code dir="ltr">{inner}</code>,
  cite: (inner) => <cite>{inner}</cite>,
};

/**
 * A text of the catalogues whose words carry inline markup as tags, `<code>useState</code>` or
 * `<link>Buyer protection</link>`: the text with each tag drawn (`code` and `cite` as themselves, others by `tags`).
 * Tags do not nest.
 */
export function RichText({ text, tags }: { text: string; tags?: Tags }) {
  // Split on a capture of the tag and its text: [text, tag, inner, text, tag, inner, …, text].
  const parts = text.split(/<([a-z]+)>(.*?)<\/\1>/s);
  const drawn: ReactNode[] = [];
  for (let i = 0; i < parts.length; i += 3) {
    drawn.push(parts[i]);
    if (i + 2 < parts.length) {
      const draw = tags?.[parts[i + 1]!] ?? inline[parts[i + 1]!];
      drawn.push(<Fragment key={i}>{draw ? draw(parts[i + 2]!) : parts[i + 2]}</Fragment>);
    }
  }
  return <>{drawn}</>;
}
