import { type BaseSyntheticEvent, type ComponentProps, useEffect, useId } from 'react';
import {
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Resolver,
  type UseFormRegisterReturn,
  useForm,
} from 'react-hook-form';
import { ApiError } from '#web/lib/api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { FormField } from './form-field.tsx';

/**
 * A ConfirmDialog that asks for one thing (`field`; `children` draws its control, as for FormField) and whose confirm
 * button sends the form. While `request` is refused, a refusal of that field shows under it, any other (the order
 * changed meanwhile, 403) above the buttons.
 */
export function FieldDialog({
  open,
  title,
  confirmLabel,
  confirmClassName,
  cancelLabel,
  field,
  request,
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  confirmLabel: string;
  confirmClassName?: string;
  cancelLabel?: string;
  field: { name: string; label: string; hint?: string; error?: Pick<FieldError, 'message'> };
  request: { isPending: boolean; error: Error | null };
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  onClose: () => void;
  children: ComponentProps<typeof FormField>['children'];
}) {
  const id = useId();
  const { error } = request;
  const refused = error instanceof ApiError && error.field === field.name ? { message: error.reason } : undefined;
  return (
    <ConfirmDialog
      open={open}
      title={title}
      confirmLabel={confirmLabel}
      confirmClassName={confirmClassName}
      cancelLabel={cancelLabel}
      busy={request.isPending}
      onCancel={onClose}
      onConfirm={() => void onSubmit()}
    >
      <form noValidate onSubmit={onSubmit}>
        <FormField id={`${id}-${field.name}`} label={field.label} hint={field.hint} error={field.error ?? refused}>
          {children}
        </FormField>
        {error && !refused && (
          <p role="alert" className="alert alert-error alert-soft mt-3">
            {error.message}
          </p>
        )}
      </form>
    </ConfirmDialog>
  );
}

/**
 * The form of a FieldDialog, checked by `resolver`. Each opening of the dialog (a new `openFor`) starts it from
 * `defaultValues`, without the last attempt's refusal; while it is open, what was typed and a refusal stay.
 */
export function useDialogForm<Input extends FieldValues, Output>(
  openFor: string | undefined,
  request: { reset: () => void },
  resolver: Resolver<Input, unknown, Output>,
  defaultValues: DefaultValues<Input>,
) {
  const form = useForm<Input, unknown, Output>({ resolver, defaultValues });
  const { reset } = form;
  const { reset: resetRequest } = request;
  useEffect(() => {
    if (openFor) {
      reset();
      resetRequest();
    }
  }, [openFor, reset, resetRequest]);
  return form;
}

/** The control of a dialog that asks why: a few lines of text, required. */
export function ReasonInput({
  maxLength,
  registration,
  ...a11y
}: Parameters<ComponentProps<typeof FormField>['children']>[0] & {
  maxLength: number;
  registration: UseFormRegisterReturn;
}) {
  return (
    <textarea
      {...a11y}
      className="textarea w-full"
      rows={3}
      maxLength={maxLength}
      required
      aria-required="true"
      {...registration}
    />
  );
}
