import { Link } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import { RichText } from '#web/components/rich-text.tsx';
import { HelpArticle, ListItems } from './help-article.tsx';

export function MeetupSafetyArticle() {
  const t = texts.helpTopics.meetupSafety;
  return (
    <HelpArticle title={t.title} lead={t.lead}>
      <h2>{t.beforeHeading}</h2>
      <ListItems items={t.before} />
      <h2>{t.atHeading}</h2>
      <ListItems items={t.at} />
      <h2>{t.missedHeading}</h2>
      <p>
        <RichText
          text={t.missed}
          tags={{
            link: (inner) => (
              <Link className="link" to="/help/buyer-protection">
                {inner}
              </Link>
            ),
          }}
        />
      </p>
    </HelpArticle>
  );
}
