import type { FormEventHandler, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { messages } from '#shared/messages.ts';
import { FormError, SubmitButton } from '#web/components/form-submit.tsx';
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
    <section className="mx-auto max-w-md">
      <div className="card card-border bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="card-title text-3xl">{title}</h1>
          <form noValidate onSubmit={onSubmit} className="space-y-2">
            {children}
            <SubmitButton busy={submitting}>{title}</SubmitButton>
            <FormError message={serverError} />
          </form>
          <div className="divider my-0">{messages.auth.or}</div>
          <SocialSignIn onSignedIn={onSignedIn} />
          <p className="text-center text-sm">
            {switchTo.prompt}{' '}
            <Link to={switchTo.path} state={location.state} className="link link-primary">
              {switchTo.label}
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
