import { texts } from '#shared/i18n/texts.ts';
import { HelpArticle, ListItems } from './help-article.tsx';

export function PrivacyArticle() {
  const t = texts.helpTopics.privacy;
  return (
    <HelpArticle title={t.title} lead={t.lead}>
      <h2>{t.keptHeading}</h2>
      <ListItems items={t.kept} />
      <h2>{t.shownHeading}</h2>
      <ListItems items={t.shown} />
      <h2>{t.mailHeading}</h2>
      <p>{t.mail}</p>
      <h2 id="cookies">{t.cookiesHeading}</h2>
      <p>{t.cookies}</p>
      <h2>{t.closingHeading}</h2>
      <p>{t.closing}</p>
    </HelpArticle>
  );
}
