import type { FormEventHandler, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { pageMessages } from '#shared/page-messages.ts';
import { PageCard } from '#web/components/page-card.tsx';
import { AuthForm } from './auth-form.tsx';
import { SocialSignIn } from './social-sign-in.tsx';

/**
 * The login and sign-up card: the form's fields (children), its submit button and the auth service's error,
 * then "or" Continue with Google and a link to the other form (keeping where to return after).
 */
export function AuthCard({
  title,
  onSubmit,
  submitting,
  serverError,
  onSignedIn,
  switchTo,
  children,
}: {
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  serverError: string | null;
  onSignedIn: () => void;
  switchTo: { prompt: string; path: string; label: string };
  children: ReactNode;
}) {
  const location = useLocation();
  return (
    <PageCard title={title}>
      <AuthForm onSubmit={onSubmit} submitting={submitting} submitLabel={title} serverError={serverError}>
        {children}
      </AuthForm>
      <div className="divider my-0">{pageMessages.auth.or}</div>
      <SocialSignIn onSignedIn={onSignedIn} />
      <p className="text-center text-sm">
        {switchTo.prompt}{' '}
        <Link to={switchTo.path} state={location.state} className="link link-primary">
          {switchTo.label}
        </Link>
      </p>
    </PageCard>
  );
}
