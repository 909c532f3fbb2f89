import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import type { ResetPasswordForm } from '#shared/schemas/auth.ts';
import { NoticeCard, PageCard } from '#web/components/page-card.tsx';
import { authClient } from '#web/lib/auth-client.ts';
import { fieldProps } from '#web/lib/field-props.ts';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts';
import { AuthForm, PasswordField, useAuthForm } from './auth-form.tsx';

const { recovery } = texts;

const resolver = lazyZodResolver(() =>
  import('#shared/schemas/auth.ts').then((schemas) => schemas.resetPasswordFormSchema),
);

/** The page the emailed link opens (/reset-password?token=…): a new password, twice, then Login. */
export function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token');
  const navigate = useNavigate();
  const [invalid, setInvalid] = useState(!token);
  const form = useAuthForm<ResetPasswordForm>({ resolver, defaultValues: { newPassword: '', confirmPassword: '' } });

  async function onSubmit({ newPassword }: ResetPasswordForm) {
    const refused = await form.send(authClient.resetPassword({ newPassword, token: token ?? '' }));
    if (refused?.code === 'INVALID_TOKEN') setInvalid(true);
    else if (!refused) {
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
      <AuthForm form={form} onSubmit={onSubmit} submitLabel={recovery.savePassword}>
        <PasswordField
          id="reset-password"
          label={recovery.newPasswordLabel}
          {...fieldProps(form, 'newPassword')}
          isNew
        />
        <PasswordField
          id="reset-password-again"
          label={recovery.confirmPasswordLabel}
          {...fieldProps(form, 'confirmPassword')}
          isNew
        />
      </AuthForm>
    </PageCard>
  );
}
