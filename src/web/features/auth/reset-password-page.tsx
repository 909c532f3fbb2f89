import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { messages } from '#shared/messages.ts';
import type { ResetPasswordForm } from '#shared/schemas/auth.ts';
import { FormField } from '#web/components/form-field.tsx';
import { PageCard } from '#web/components/page-card.tsx';
import { authClient } from '#web/lib/auth-client.ts';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts';

const { recovery } = messages;

const resolver = lazyZodResolver(() =>
  import('#shared/schemas/auth.ts').then((schemas) => schemas.resetPasswordFormSchema),
);

/** The page the emailed link opens (/reset-password?token=…): a new password, twice, then Login. */
export function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token');
  const navigate = useNavigate();
  const [invalid, setInvalid] = useState(!token);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordForm>({ resolver, defaultValues: { newPassword: '', confirmPassword: '' } });

  async function onSubmit({ newPassword }: ResetPasswordForm) {
    setServerError(null);
    const { error } = await authClient.resetPassword({ newPassword, token: token ?? '' });
    if (error?.code === 'INVALID_TOKEN') setInvalid(true);
    else if (error) setServerError(error.message ?? messages.auth.failed);
    else {
      toast.success(recovery.passwordSet);
      navigate('/login', { replace: true });
    }
  }

  if (invalid) {
    return (
      <PageCard title={recovery.resetHeading}>
        <p role="alert" className="alert alert-warning alert-soft">
          {recovery.linkInvalid}
        </p>
        <Link to="/forgot-password" className="btn btn-primary">
          {recovery.askAgain}
        </Link>
      </PageCard>
    );
  }
  return (
    <PageCard title={recovery.resetHeading}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-2">
        <FormField id="reset-password" label={recovery.newPasswordLabel} error={errors.newPassword}>
          {(field) => (
            <input
              {...field}
              {...register('newPassword')}
              type="password"
              autoComplete="new-password"
              className="input w-full"
            />
          )}
        </FormField>
        <FormField id="reset-password-again" label={recovery.confirmPasswordLabel} error={errors.confirmPassword}>
          {(field) => (
            <input
              {...field}
              {...register('confirmPassword')}
              type="password"
              autoComplete="new-password"
              className="input w-full"
            />
          )}
        </FormField>
        <button type="submit" className="btn btn-primary mt-4 w-full" disabled={isSubmitting}>
          {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {recovery.savePassword}
        </button>
        {serverError && (
          <p role="alert" className="text-sm text-error">
            {serverError}
          </p>
        )}
      </form>
    </PageCard>
  );
}
