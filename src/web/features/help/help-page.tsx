import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { NotFoundPage } from '#web/features/not-found/not-found.public.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { BuyerProtectionArticle } from './buyer-protection-article.tsx';
import { MeetupSafetyArticle } from './meetup-safety-article.tsx';
import { PrivacyArticle } from './privacy-article.tsx';
import { TermsArticle } from './terms-article.tsx';

const articles: Record<string, { title: string; Article: ComponentType }> = {
  terms: { title: 'Terms of use', Article: TermsArticle },
  privacy: { title: 'Privacy policy', Article: PrivacyArticle },
  'meetup-safety': { title: 'Meet-up safety', Article: MeetupSafetyArticle },
  'buyer-protection': { title: 'Buyer protection', Article: BuyerProtectionArticle },
};

/** The store's own pages about its rules: `/help/terms`, `/help/privacy`, `/help/meetup-safety`, `/help/buyer-protection`. */
export function HelpPage() {
  const topic = articles[useParams().topic ?? ''];
  useDocumentTitle(topic?.title);
  if (!topic) return <NotFoundPage />;
  return <topic.Article />;
}
