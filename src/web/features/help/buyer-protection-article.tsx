import { Link } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import { RichText } from '#web/components/rich-text.tsx';
import { HelpArticle, ListItems } from './help-article.tsx';

export function BuyerProtectionArticle() {
  const t = texts.helpTopics.buyerProtection;
  return (
    <HelpArticle title={t.title} lead={t.lead}>
      <h2>{t.holdHeading}</h2>
      <p>{t.hold}</p>
      <h2>{t.payingHeading}</h2>
      <p>{t.paying}</p>
      <h2>{t.codeHeading}</h2>
      <p>{t.code}</p>
      <h2>{t.problemsHeading}</h2>
      <ListItems items={t.problems} />
      <p>
        <RichText
          text={t.readSafety}
          tags={{
            link: (inner) => (
              <Link className="link" to="/help/meetup-safety">
                {inner}
              </Link>
            ),
          }}
        />
      </p>
    </HelpArticle>
  );
}
