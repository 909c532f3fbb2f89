import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { selfServiceRoles } from '#shared/constants.ts';
import { messages } from '#shared/messages.ts';
import { pageMessages } from '#shared/page-messages.ts';
import type { SignUp, SignUpInput } from '#shared/schemas/auth.ts';
import { FormField, TextField } from '#web/components/form-field.tsx';
import { authClient } from '#web/lib/auth-client.ts';
import { fieldProps } from '#web/lib/field-props.ts';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts';
import { AuthCard } from './auth-card.tsx';
import { EmailField, PasswordField, useAuthForm } from './auth-form.tsx';
import { useFinishSignIn } from './return-to.ts';

const { auth } = pageMessages;

type SignUpBody = Parameters<typeof authClient.signUp.email>[0];

const resolver = lazyZodResolver(() => import('#shared/schemas/auth.ts').then((schemas) => schemas.signUpSchema));

export function SignupPage() {
  const [mailedTo, setMailedTo] = useState<string | null>(null);
  const form = useAuthForm<SignUpInput, SignUp>({
    resolver,
    defaultValues: { name: '', email: '', password: '', role: 'Buyer' },
  });
  const role = form.watch('role');
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
    toast.success(messages.alert.userCreated);
    await done();
  }

  return (
    <AuthCard page="signup" form={form} onSubmit={onSubmit} onSignedIn={done}>
      <TextField id="signup-name" label={auth.nameLabel} {...fieldProps(form, 'name')} autoComplete="name" />
      <EmailField id="signup-email" {...fieldProps(form, 'email')} />
      <FormField id="signup-role" label={auth.roleLabel}>
        {(field) => <input {...field} value={role ?? 'Buyer'} readOnly className="input w-full bg-base-200" />}
      </FormField>
      <PasswordField id="signup-password" {...fieldProps(form, 'password')} isNew />
      <fieldset className="fieldset">
        <legend className="fieldset-legend">{auth.accountType}</legend>
        <div className="join w-full">
          {selfServiceRoles.map((option) => (
            <input
              key={option}
              {...form.register('role')}
              type="radio"
              value={option}
              aria-label={option}
              className="btn join-item flex-1"
            />
          ))}
        </div>
        {roleError && <p className="text-sm text-error">{roleError}</p>}
      </fieldset>
      {mailedTo && (
        <p role="status" className="alert alert-info alert-soft">
          {auth.signUpMailed(mailedTo)}
        </p>
      )}
    </AuthCard>
  );
}
