import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router';
import { messages } from '#shared/messages.ts';
import type { ResetPasswordForm } from '#shared/schemas/auth.ts';
import { TextField } from '#web/components/form-field.tsx';
import { FormError, SubmitButton } from '#web/components/form-submit.tsx';
import { NoticeCard, PageCard } from '#web/components/page-card.tsx';
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
      <NoticeCard
        title={recovery.resetHeading}
        tone="warning"
        text={recovery.linkInvalid}
        link={{ to: '/forgot-password', label: recovery.askAgain }}
      />
    );
  }
  return (
    <PageCard title={recovery.resetHeading}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-2">
        <TextField
          id="reset-password"
          label={recovery.newPasswordLabel}
          error={errors.newPassword}
          registration={register('newPassword')}
          type="password"
          autoComplete="new-password"
        />
        <TextField
          id="reset-password-again"
          label={recovery.confirmPasswordLabel}
          error={errors.confirmPassword}
          registration={register('confirmPassword')}
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton busy={isSubmitting}>{recovery.savePassword}</SubmitButton>
        <FormError message={serverError} />
      </form>
    </PageCard>
  );
}
