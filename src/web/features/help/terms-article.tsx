import { texts } from '#shared/i18n/texts.ts';
import { HelpArticle, ListItems } from './help-article.tsx';

export function TermsArticle() {
  const t = texts.helpTopics.terms;
  return (
    <HelpArticle title={t.title} lead={t.lead}>
      <h2>{t.accountHeading}</h2>
      <ListItems items={t.account} />
      <h2>{t.sellingHeading}</h2>
      <ListItems items={t.selling} />
      <h2>{t.buyingHeading}</h2>
      <ListItems items={t.buying} />
      <h2>{t.forbiddenHeading}</h2>
      <ListItems items={t.forbidden} />
      <p>{t.enforcement}</p>
    </HelpArticle>
  );
}
