import { texts } from '#shared/i18n/texts.ts';
import { RichText } from '#web/components/rich-text.tsx';

export function HistoryArticle() {
  const t = texts.aboutHistory;
  return (
    <article aria-labelledby="history-heading" className="card card-border bg-base-100">
      <div className="card-body mx-auto max-w-3xl space-y-4 text-base-content/80">
        <h2 id="history-heading" className="card-title text-2xl text-base-content">
          {t.heading}
        </h2>
        {t.paragraphs.map((paragraph) => (
          <p key={paragraph}>
            <RichText text={paragraph} />
          </p>
        ))}
      </div>
    </article>
  );
}
