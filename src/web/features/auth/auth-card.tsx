import type { ReactNode } from 'react';
import type { FieldValues, SubmitHandler } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import { PageCard } from '#web/components/page-card.tsx';
import { AuthForm, type useAuthForm } from './auth-form.tsx';
import { SocialSignIn } from './social-sign-in.tsx';

const { auth } = texts;

/** Each card's title (its button's too), and the way to the other one. */
const cards = {
  login: { title: auth.login, prompt: auth.newHere, path: '/signup', label: auth.createAccount },
  signup: { title: texts.nav.signUp, prompt: auth.haveAccount, path: '/login', label: auth.login },
};

/**
 * The login or sign-up card: the form's fields (children), its submit button and the auth service's error,
 * then "or" Continue with Google and a link to the other card (keeping where to return after).
 */
export function AuthCard<T extends FieldValues, Out>({
  page,
  form,
  onSubmit,
  onSignedIn,
  children,
}: {
  page: keyof typeof cards;
  form: ReturnType<typeof useAuthForm<T, Out>>;
  onSubmit: SubmitHandler<Out>;
  onSignedIn: () => void;
  children: ReactNode;
}) {
  const location = useLocation();
  const { title, prompt, path, label } = cards[page];
  return (
    <PageCard title={title}>
      <AuthForm form={form} onSubmit={onSubmit} submitLabel={title}>
        {children}
      </AuthForm>
      <div className="divider my-0">{auth.or}</div>
      <SocialSignIn onSignedIn={onSignedIn} />
      <p className="text-center text-sm">
        {prompt}{' '}
        <Link to={path} state={location.state} className="link link-primary">
          {label}
        </Link>
      </p>
    </PageCard>
  );
}
