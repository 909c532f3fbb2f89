import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { messages } from '#shared/messages.ts';
import type { Login } from '#shared/schemas/auth.ts';
import { TextField } from '#web/components/form-field.tsx';
import { authClient } from '#web/lib/auth-client.ts';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts';
import { AuthCard } from './auth-card.tsx';
import { useFinishSignIn } from './return-to.ts';

const resolver = lazyZodResolver(() => import('#shared/schemas/auth.ts').then((schemas) => schemas.loginSchema));

export function LoginPage() {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Login>({ resolver, defaultValues: { email: '', password: '' } });

  const done = useFinishSignIn();

  async function onSubmit(values: Login) {
    setServerError(null);
    const { error } = await authClient.signIn.email(values);
    if (error) {
      setServerError(error.message ?? messages.auth.failed);
      return;
    }
    await done();
  }

  return (
    <AuthCard
      title={messages.auth.login}
      onSubmit={handleSubmit(onSubmit)}
      submitting={isSubmitting}
      serverError={serverError}
      onSignedIn={done}
      switchTo={{ prompt: messages.auth.newHere, path: '/signup', label: messages.auth.createAccount }}
    >
      <TextField
        id="login-email"
        label={messages.auth.emailLabel}
        error={errors.email}
        registration={register('email')}
        type="email"
        autoComplete="email"
      />
      <TextField
        id="login-password"
        label={messages.auth.passwordLabel}
        error={errors.password}
        registration={register('password')}
        type="password"
        autoComplete="current-password"
      />
      <p className="text-right text-sm">
        <Link to="/forgot-password" className="link link-primary">
          {messages.auth.forgotPassword}
        </Link>
      </p>
    </AuthCard>
  );
}
