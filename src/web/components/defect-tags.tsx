import type { BookDefect } from '#shared/constants.ts';
import { texts } from '#shared/i18n/texts.ts';

const m = texts.defects;

/** A book's ticked defects: compact tags on a card, a list under a heading on the book's page. */
export function DefectTags({
  defects,
  variant = 'tags',
}: {
  defects: readonly BookDefect[];
  variant?: 'tags' | 'list';
}) {
  if (defects.length === 0) return null;
  if (variant === 'list') {
    return (
      <section aria-labelledby="defects-heading">
        <h2 id="defects-heading" className="font-semibold">
          {m.heading}
        </h2>
        <ul className="list-inside list-disc text-sm">
          {defects.map((defect) => (
            <li key={defect}>{m.labels[defect]}</li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <ul aria-label={m.heading} className="flex flex-wrap gap-1">
      {defects.map((defect) => (
        <li key={defect} className="badge badge-outline badge-sm">
          {m.labels[defect]}
        </li>
      ))}
    </ul>
  );
}
