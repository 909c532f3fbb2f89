import { Link, useLocation } from 'react-router';
import { texts } from '#shared/i18n/texts.ts';
import type { Login } from '#shared/schemas/auth.ts';
import type { SignInState } from '#web/app/guards.tsx';
import { authClient } from '#web/lib/auth-client.ts';
import { fieldProps } from '#web/lib/field-props.ts';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts';
import { AuthCard } from './auth-card.tsx';
import { EmailField, PasswordField, useAuthForm } from './auth-form.tsx';
import { useFinishSignIn } from './return-to.ts';

const resolver = lazyZodResolver(() => import('#shared/schemas/auth.ts').then((schemas) => schemas.loginSchema));

/** Why a guard sent the person here, when one did. */
function SignInReason() {
  const reason = (useLocation().state as Partial<SignInState> | null)?.reason;
  if (!reason) return null;
  return (
    <p role="status" className="alert alert-info alert-soft">
      {reason}
    </p>
  );
}

export function LoginPage() {
  const form = useAuthForm<Login>({ resolver, defaultValues: { email: '', password: '' } });
  const done = useFinishSignIn();

  async function onSubmit(values: Login) {
    const refused = await form.send(authClient.signIn.email(values));
    if (!refused) await done();
  }

  return (
    <AuthCard page="login" form={form} onSubmit={onSubmit} onSignedIn={done}>
      <SignInReason />
      <EmailField id="login-email" {...fieldProps(form, 'email')} />
      <PasswordField id="login-password" {...fieldProps(form, 'password')} />
      <p className="text-end text-sm">
        <Link to="/forgot-password" className="link link-primary">
          {texts.auth.forgotPassword}
        </Link>
      </p>
    </AuthCard>
  );
}
