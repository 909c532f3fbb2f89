import type { ReactNode } from 'react';
import {
  type FieldError,
  type FieldValues,
  type SubmitHandler,
  type UseFormProps,
  type UseFormRegisterReturn,
  useForm,
} from 'react-hook-form';
import { texts } from '#shared/i18n/texts.ts';
import { TextField } from '#web/components/form-field.tsx';
import { FormError, SubmitButton } from '#web/components/form-submit.tsx';
import { useAuthRequest } from './use-auth-request.ts';

/** A form of the pages around signing in: react-hook-form's, with the request to the auth service it sends. */
export function useAuthForm<T extends FieldValues, Out = T>(options: UseFormProps<T, unknown, Out>) {
  return { ...useForm(options), ...useAuthRequest() };
}

/** The form's fields (children), the submit button, then the auth service's refusal. */
export function AuthForm<T extends FieldValues, Out>({
  form,
  onSubmit,
  submitLabel,
  children,
}: {
  form: ReturnType<typeof useAuthForm<T, Out>>;
  onSubmit: SubmitHandler<Out>;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-2">
      {children}
      <SubmitButton busy={form.formState.isSubmitting}>{submitLabel}</SubmitButton>
      <FormError message={form.serverError} />
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
  return <TextField {...props} label={texts.auth.emailLabel} type="email" autoComplete="email" />;
}

/**
 * A password: the account's own, or (`isNew`) one being chosen, which password managers then offer to make up; a
 * new one shows its rules (`hint`) before anything is typed.
 */
export function PasswordField({
  label = texts.auth.passwordLabel,
  isNew = false,
  ...props
}: AccountFieldProps & { label?: string; isNew?: boolean; hint?: string }) {
  return (
    <TextField {...props} label={label} type="password" autoComplete={isNew ? 'new-password' : 'current-password'} />
  );
}
