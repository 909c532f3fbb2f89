import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { selfServiceRoles } from '#shared/constants.ts';
import { messages } from '#shared/messages.ts';
import { pageMessages } from '#shared/page-messages.ts';
import type { SignUp, SignUpInput } from '#shared/schemas/auth.ts';
import { FormField, TextField } from '#web/components/form-field.tsx';
import { authClient } from '#web/lib/auth-client.ts';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts';
import { AuthCard } from './auth-card.tsx';
import { EmailField, PasswordField } from './auth-form.tsx';
import { useFinishSignIn } from './return-to.ts';
import { useAuthRequest } from './use-auth-request.ts';

type SignUpBody = Parameters<typeof authClient.signUp.email>[0];

const resolver = lazyZodResolver(() => import('#shared/schemas/auth.ts').then((schemas) => schemas.signUpSchema));

export function SignupPage() {
  const { serverError, send } = useAuthRequest();
  const [mailedTo, setMailedTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SignUpInput, unknown, SignUp>({
    resolver,
    defaultValues: { name: '', email: '', password: '', role: 'Buyer' },
  });
  const role = watch('role');

  const done = useFinishSignIn();

  async function onSubmit(values: SignUp) {
    setMailedTo(null);
    // The role is checked by the server (Buyer or Seller only), not trusted as sent.
    const refused = await send(authClient.signUp.email(values as SignUpBody));
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
    <AuthCard
      title={messages.nav.signUp}
      onSubmit={handleSubmit(onSubmit)}
      submitting={isSubmitting}
      serverError={serverError}
      onSignedIn={done}
      switchTo={{ prompt: pageMessages.auth.haveAccount, path: '/login', label: pageMessages.auth.login }}
    >
      <TextField
        id="signup-name"
        label={pageMessages.auth.nameLabel}
        error={errors.name}
        registration={register('name')}
        type="text"
        autoComplete="name"
      />
      <EmailField id="signup-email" error={errors.email} registration={register('email')} />
      <FormField id="signup-role" label={pageMessages.auth.roleLabel}>
        {(field) => <input {...field} value={role ?? 'Buyer'} readOnly className="input w-full bg-base-200" />}
      </FormField>
      <PasswordField id="signup-password" error={errors.password} registration={register('password')} isNew />
      <fieldset className="fieldset">
        <legend className="fieldset-legend">{pageMessages.auth.accountType}</legend>
        <div className="join w-full">
          {selfServiceRoles.map((option) => (
            <input
              key={option}
              {...register('role')}
              type="radio"
              value={option}
              aria-label={option}
              className="btn join-item flex-1"
            />
          ))}
        </div>
        {errors.role?.message && <p className="text-sm text-error">{errors.role.message}</p>}
      </fieldset>
      {mailedTo && (
        <p role="status" className="alert alert-info alert-soft">
          {pageMessages.auth.signUpMailed(mailedTo)}
        </p>
      )}
    </AuthCard>
  );
}
