import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import { NotFoundPage } from '#web/features/not-found/not-found.public.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { BuyerProtectionArticle } from './buyer-protection-article.tsx';
import { MeetupSafetyArticle } from './meetup-safety-article.tsx';
import { PrivacyArticle } from './privacy-article.tsx';
import { TermsArticle } from './terms-article.tsx';

/** Each topic's address, its texts' key (`texts.helpTopics`) and its article. */
const articles: Record<string, { key: keyof typeof texts.helpTopics; Article: ComponentType }> = {
  terms: { key: 'terms', Article: TermsArticle },
  privacy: { key: 'privacy', Article: PrivacyArticle },
  'meetup-safety': { key: 'meetupSafety', Article: MeetupSafetyArticle },
  'buyer-protection': { key: 'buyerProtection', Article: BuyerProtectionArticle },
};

/** The store's own pages about its rules: `/help/terms`, `/help/privacy`, `/help/meetup-safety`, `/help/buyer-protection`. */
export function HelpPage() {
  const topic = articles[useParams().topic ?? ''];
  useDocumentTitle(topic && texts.helpTopics[topic.key].title);
  if (!topic) return <NotFoundPage />;
  return <topic.Article />;
}
