import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { messages } from '#shared/messages.ts';
import type { ForgotPassword } from '#shared/schemas/auth.ts';
import { TextField } from '#web/components/form-field.tsx';
import { FormError, SubmitButton } from '#web/components/form-submit.tsx';
import { PageCard } from '#web/components/page-card.tsx';
import { authClient } from '#web/lib/auth-client.ts';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts';

const { recovery } = messages;

const resolver = lazyZodResolver(() =>
  import('#shared/schemas/auth.ts').then((schemas) => schemas.forgotPasswordSchema),
);

/** "Forgot password?": an address, then the same answer whether or not it has an account here. */
export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPassword>({ resolver, defaultValues: { email: '' } });

  async function onSubmit({ email }: ForgotPassword) {
    setServerError(null);
    const { error } = await authClient.requestPasswordReset({ email });
    if (error) {
      setServerError(error.message ?? messages.auth.failed);
      return;
    }
    setSentTo(email);
  }

  return (
    <PageCard title={recovery.forgotHeading}>
      {sentTo ? (
        <p role="status" className="alert alert-success alert-soft">
          {recovery.linkSent(sentTo)}
        </p>
      ) : (
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-2">
          <p>{recovery.forgotIntro}</p>
          <TextField
            id="forgot-email"
            label={messages.auth.emailLabel}
            error={errors.email}
            registration={register('email')}
            type="email"
            autoComplete="email"
          />
          <SubmitButton busy={isSubmitting}>{recovery.sendLink}</SubmitButton>
          <FormError message={serverError} />
        </form>
      )}
      <p className="text-center text-sm">
        <Link to="/login" className="link link-primary">
          {recovery.backToLogin}
        </Link>
      </p>
    </PageCard>
  );
}
