import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { messages } from '../../../shared/messages.ts';
import { type Login, loginSchema } from '../../../shared/schemas/auth.ts';
import { FormField } from '../../components/form-field.tsx';
import { authClient } from '../../lib/auth-client.ts';
import { useFinishSignIn } from './return-to.ts';
import { SocialSignIn } from './social-sign-in.tsx';

export function LoginPage() {
  const location = useLocation();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Login>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

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
    <section className="mx-auto max-w-md">
      <div className="card card-border bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="card-title text-3xl">{messages.auth.login}</h1>
          <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-2">
            <FormField id="login-email" label={messages.auth.emailLabel} error={errors.email}>
              {(field) => (
                <input {...field} {...register('email')} type="email" autoComplete="email" className="input w-full" />
              )}
            </FormField>
            <FormField id="login-password" label={messages.auth.passwordLabel} error={errors.password}>
              {(field) => (
                <input
                  {...field}
                  {...register('password')}
                  type="password"
                  autoComplete="current-password"
                  className="input w-full"
                />
              )}
            </FormField>
            <button type="submit" className="btn btn-primary mt-4 w-full" disabled={isSubmitting}>
              {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {messages.auth.login}
            </button>
            {serverError && (
              <p role="alert" className="text-sm text-error">
                {serverError}
              </p>
            )}
          </form>
          <div className="divider my-0">{messages.auth.or}</div>
          <SocialSignIn onSignedIn={done} />
          <p className="text-center text-sm">
            {messages.auth.newHere}{' '}
            <Link to="/signup" state={location.state} className="link link-primary">
              {messages.auth.createAccount}
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
