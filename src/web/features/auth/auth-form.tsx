import type { FormEventHandler, ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { pageMessages } from '#shared/page-messages.ts';
import { TextField } from '#web/components/form-field.tsx';
import { FormError, SubmitButton } from '#web/components/form-submit.tsx';

/** A form of the pages around signing in: its fields, the submit button, then the auth service's refusal. */
export function AuthForm({
  onSubmit,
  submitting,
  submitLabel,
  serverError,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  submitLabel: string;
  serverError: string | null;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-2">
      {children}
      <SubmitButton busy={submitting}>{submitLabel}</SubmitButton>
      <FormError message={serverError} />
    </form>
  );
}

interface AccountFieldProps {
  id: string;
  error?: Pick<FieldError, 'message'>;
  registration: UseFormRegisterReturn;
}

/** The address an account is known by. */
export function EmailField(props: AccountFieldProps) {
  return <TextField {...props} label={pageMessages.auth.emailLabel} type="email" autoComplete="email" />;
}

/** A password: the account's own, or (`isNew`) one being chosen, which password managers then offer to make up. */
export function PasswordField({
  label = pageMessages.auth.passwordLabel,
  isNew = false,
  ...props
}: AccountFieldProps & { label?: string; isNew?: boolean }) {
  return (
    <TextField {...props} label={label} type="password" autoComplete={isNew ? 'new-password' : 'current-password'} />
  );
}
