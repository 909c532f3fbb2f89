import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { selfServiceRoles } from '#shared/constants.ts';
import { texts } from '#shared/i18n/texts.ts';
import type { SignUp, SignUpInput } from '#shared/schemas/auth.ts';
import { TextField } from '#web/components/form-field.tsx';
import { PageCard } from '#web/components/page-card.tsx';
import { authClient } from '#web/lib/auth-client.ts';
import { fieldProps } from '#web/lib/field-props.ts';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts';
import { AuthCard } from './auth-card.tsx';
import { EmailField, PasswordField, useAuthForm } from './auth-form.tsx';
import { ResendConfirmation } from './resend-confirmation.tsx';
import { useFinishSignIn } from './return-to.ts';

const { auth } = texts;

type SignUpBody = Parameters<typeof authClient.signUp.email>[0];

const resolver = lazyZodResolver(() => import('#shared/schemas/auth.ts').then((schemas) => schemas.signUpSchema));

/** After signing up: where the confirmation link went, a way to have it sent again, and on to where the person was going. */
function CheckInbox({ email, onContinue }: { email: string; onContinue: () => void }) {
  return (
    <PageCard title={auth.checkInboxHeading}>
      <p role="status">{auth.checkInbox({ email })}</p>
      <ResendConfirmation email={email} />
      <button type="button" className="btn btn-primary" onClick={onContinue}>
        {auth.continue}
      </button>
    </PageCard>
  );
}

export function SignupPage() {
  const [mailedTo, setMailedTo] = useState<string | null>(null);
  const [signedUp, setSignedUp] = useState<string | null>(null);
  const form = useAuthForm<SignUpInput, SignUp>({
    resolver,
    defaultValues: { name: '', email: '', password: '', role: 'Buyer' },
  });
  const roleError = form.formState.errors.role?.message;

  const done = useFinishSignIn();

  async function onSubmit(values: SignUp) {
    setMailedTo(null);
    // The role is checked by the server (Buyer or Seller only), not trusted as sent.
    const refused = await form.send(authClient.signUp.email(values as SignUpBody));
    if (refused) return;
    // An address that has an account gets the same answer, but no session: its owner was mailed instead.
    const { data } = await authClient.getSession();
    if (!data?.user) {
      setMailedTo(values.email);
      return;
    }
    toast.success(texts.alert.userCreated);
    setSignedUp(values.email);
  }

  if (signedUp) return <CheckInbox email={signedUp} onContinue={() => void done()} />;

  return (
    <AuthCard page="signup" form={form} onSubmit={onSubmit} onSignedIn={done}>
      <TextField id="signup-name" label={auth.nameLabel} {...fieldProps(form, 'name')} autoComplete="name" />
      <EmailField id="signup-email" {...fieldProps(form, 'email')} />
      <PasswordField id="signup-password" {...fieldProps(form, 'password')} isNew hint={auth.passwordRules} />
      <fieldset className="fieldset">
        <legend className="fieldset-legend">{auth.accountType}</legend>
        <div className="join w-full">
          {selfServiceRoles.map((option) => (
            <input
              key={option}
              {...form.register('role')}
              type="radio"
              value={option}
              aria-label={texts.roleNames[option]}
              className="btn join-item flex-1"
            />
          ))}
        </div>
        {roleError && <p className="text-sm text-error">{roleError}</p>}
      </fieldset>
      {mailedTo && (
        <p role="status" className="alert alert-info alert-soft">
          {auth.signUpMailed({ email: mailedTo })}
        </p>
      )}
    </AuthCard>
  );
}
