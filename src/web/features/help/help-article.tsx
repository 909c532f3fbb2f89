import type { ReactNode } from 'react';

/** A page of prose about how the store works: a heading, a short lead, then its sections. */
export function HelpArticle({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <article aria-labelledby="help-heading" className="card card-border mx-auto max-w-3xl bg-base-100">
      <div className="card-body space-y-4 text-base-content/80 [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-base-content [&_li]:ms-5 [&_li]:list-disc">
        <h1 id="help-heading" className="card-title text-3xl text-base-content">
          {title}
        </h1>
        <p className="text-lg">{lead}</p>
        {children}
      </div>
    </article>
  );
}

/** A list of an article's points. */
export function ListItems({ items }: { items: readonly string[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
