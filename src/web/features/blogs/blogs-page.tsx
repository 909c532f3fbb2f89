import type { ReactNode } from 'react';
import { texts } from '#shared/i18n/texts.ts';
import { RichText } from '#web/components/rich-text.tsx';

const prototypeExample = `const animal = {
  describe() {
    return \`\${this.name} says \${this.sound}\`;
  },
};

const cat = Object.create(animal);
cat.name = 'Mog';
cat.sound = 'meow';

cat.describe(); // 'Mog says meow'
Object.getPrototypeOf(cat) === animal; // true`;

/** The class example, with its comment in the page's language. */
const classExample = (comment: string) => `class Book {
  constructor(title) {
    this.title = title;
  }
  label() {
    return this.title.toUpperCase();
  }
}

// ${comment}
function OldBook(title) {
  this.title = title;
}
OldBook.prototype.label = function () {
  return this.title.toUpperCase();
};`;

/** The unit test example, its test named in the page's language. */
const unitTestExample = (testName: string) => `// price.ts
export function discounted(price: number, percent: number) {
  return Math.round(price * (100 - percent)) / 100;
}

// price.test.ts
import { expect, test } from 'vitest';
import { discounted } from './price';

test('${testName}', () => {
  expect(discounted(20, 25)).toBe(15);
});`;

/**
 * A code example. On a narrow screen it scrolls sideways, so it is a named region that takes the keyboard focus (the
 * arrow keys then scroll it). Code is not translated (`translate="no"`), and it reads and scrolls left to right in every language.
 */
function CodeExample({ label, code }: { label: string; code: string }) {
  return (
    <section
      aria-label={label}
      dir="ltr"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard to be scrolled
      tabIndex={0}
      className="overflow-x-auto rounded-box bg-base-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
    >
      <pre translate="no" className="w-max min-w-full p-4 text-sm leading-relaxed">
        <code>{code}</code>
      </pre>
    </section>
  );
}

/** One of the questions, with its answer (`children`). */
function BlogPost({ id, question, children }: { id: string; question: string; children: ReactNode }) {
  return (
    <article aria-labelledby={id} className="card card-border bg-base-100">
      <div className="card-body space-y-4 text-base-content/80">
        <h2 id={id} className="card-title text-2xl text-base-content">
          {question}
        </h2>
        {children}
      </div>
    </article>
  );
}

/** A post's paragraphs. */
const paragraphs = (texts: readonly string[]) => texts.map((text) => <Paragraph key={text} text={text} />);

function Paragraph({ text }: { text: string }) {
  return (
    <p>
      <RichText text={text} />
    </p>
  );
}

export function BlogsPage() {
  const t = texts.blogs;
  return (
    <div className="mx-auto max-w-3xl space-y-10">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold">{t.heading}</h1>
        <p className="text-base-content/70">{t.intro}</p>
      </header>

      <BlogPost id="blog-state" question={t.state.question}>
        {paragraphs(t.state.paragraphs)}
      </BlogPost>

      <BlogPost id="blog-prototypes" question={t.prototypes.question}>
        {paragraphs(t.prototypes.lookup)}
        <CodeExample label={t.prototypes.objectExample} code={prototypeExample} />
        {paragraphs(t.prototypes.classes)}
        <CodeExample label={t.prototypes.classExample} code={classExample(t.prototypes.classComment)} />
      </BlogPost>

      <BlogPost id="blog-unit-tests" question={t.unitTests.question}>
        <Paragraph text={t.unitTests.definition} />
        <CodeExample label={t.unitTests.example} code={unitTestExample(t.unitTests.testName)} />
        {paragraphs(t.unitTests.benefits)}
      </BlogPost>

      <BlogPost id="blog-frameworks" question={t.frameworks.question}>
        {paragraphs(t.frameworks.paragraphs)}
      </BlogPost>
    </div>
  );
}
