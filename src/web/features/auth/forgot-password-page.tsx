import { useState } from 'react';
import { Link } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import type { ForgotPassword } from '#shared/schemas/auth.ts';
import { PageCard } from '#web/components/page-card.tsx';
import { authClient } from '#web/lib/auth-client.ts';
import { fieldProps } from '#web/lib/field-props.ts';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts';
import { AuthForm, EmailField, useAuthForm } from './auth-form.tsx';

const { recovery } = texts;

const resolver = lazyZodResolver(() =>
  import('#shared/schemas/auth.ts').then((schemas) => schemas.forgotPasswordSchema),
);

/** "Forgot password?": an address, then the same answer whether or not it has an account here. */
export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useAuthForm<ForgotPassword>({ resolver, defaultValues: { email: '' } });

  async function onSubmit({ email }: ForgotPassword) {
    const refused = await form.send(authClient.requestPasswordReset({ email }));
    if (!refused) setSentTo(email);
  }

  return (
    <PageCard title={recovery.forgotHeading}>
      {sentTo ? (
        <p role="status" className="alert alert-success alert-soft">
          {recovery.linkSent({ email: sentTo })}
        </p>
      ) : (
        <AuthForm form={form} onSubmit={onSubmit} submitLabel={recovery.sendLink}>
          <p>{recovery.forgotIntro}</p>
          <EmailField id="forgot-email" {...fieldProps(form, 'email')} />
        </AuthForm>
      )}
      <p className="text-center text-sm">
        <Link to="/login" className="link link-primary">
          {recovery.backToLogin}
        </Link>
      </p>
    </PageCard>
  );
}
