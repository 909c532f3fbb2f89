import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { pageMessages } from '#shared/page-messages.ts';
import type { Login } from '#shared/schemas/auth.ts';
import { authClient } from '#web/lib/auth-client.ts';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts';
import { AuthCard } from './auth-card.tsx';
import { EmailField, PasswordField } from './auth-form.tsx';
import { useFinishSignIn } from './return-to.ts';
import { useAuthRequest } from './use-auth-request.ts';

const resolver = lazyZodResolver(() => import('#shared/schemas/auth.ts').then((schemas) => schemas.loginSchema));

export function LoginPage() {
  const { serverError, send } = useAuthRequest();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Login>({ resolver, defaultValues: { email: '', password: '' } });

  const done = useFinishSignIn();

  async function onSubmit(values: Login) {
    const refused = await send(authClient.signIn.email(values));
    if (!refused) await done();
  }

  return (
    <AuthCard
      title={pageMessages.auth.login}
      onSubmit={handleSubmit(onSubmit)}
      submitting={isSubmitting}
      serverError={serverError}
      onSignedIn={done}
      switchTo={{ prompt: pageMessages.auth.newHere, path: '/signup', label: pageMessages.auth.createAccount }}
    >
      <EmailField id="login-email" error={errors.email} registration={register('email')} />
      <PasswordField id="login-password" error={errors.password} registration={register('password')} />
      <p className="text-right text-sm">
        <Link to="/forgot-password" className="link link-primary">
          {pageMessages.auth.forgotPassword}
        </Link>
      </p>
    </AuthCard>
  );
}
