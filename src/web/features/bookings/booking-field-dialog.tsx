import type { ComponentProps, ReactNode } from 'react';
import type { DefaultValues, FieldValues, Path, UseFormRegisterReturn } from 'react-hook-form';
import type { ZodType } from 'zod';
import { FieldDialog, useDialogForm } from '#web/components/field-dialog.tsx';
import type { FormField } from '#web/components/form-field.tsx';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts';

/** The booking a dialog is about, named by its book. */
export interface NamedBooking {
  bookingId: string;
  bookName: string;
}

/** A booking dialog is open while it has a booking; `onClose` is asked to take it away. */
export interface BookingDialogProps {
  booking: NamedBooking | null;
  onClose: () => void;
}

/** What one dialog of the kind asks and sends. */
interface BookingFieldDialogSpec<Input extends FieldValues, Output> {
  /** The change it sends: the booking's id with the field's checked value; a refusal leaves the dialog open. */
  useRequest: () => {
    isPending: boolean;
    error: Error | null;
    reset: () => void;
    mutate: (variables: Output & { bookingId: string }, options: { onSuccess: () => void }) => void;
  };
  /** The field's shared schema, loaded on the first check. */
  schema: () => Promise<ZodType<Output, Input>>;
  title: (bookName: string) => string;
  confirmLabel: string;
  confirmClassName?: string;
  cancelLabel?: string;
  field: { name: Path<Input>; label: string; hint?: string };
  /** Draws the field's control: FormField's props for it, and what `register` answered for the field. */
  control: (
    props: Parameters<ComponentProps<typeof FormField>['children']>[0],
    registration: UseFormRegisterReturn,
  ) => ReactNode;
}

/**
 * A dialog that asks for one thing about a booking (a FieldDialog) and sends it with the booking's id. Each opening
 * starts with the field empty; a refusal shows in the dialog, which closes once the change is done.
 */
export function bookingFieldDialog<Input extends FieldValues, Output>({
  useRequest,
  schema,
  title,
  field,
  control,
  ...labels
}: BookingFieldDialogSpec<Input, Output>) {
  const resolver = lazyZodResolver(schema);
  const defaultValues = { [field.name]: '' } as DefaultValues<Input>;

  return function BookingFieldDialog({ booking, onClose }: BookingDialogProps) {
    const request = useRequest();
    const form = useDialogForm(booking?.bookingId, request, resolver, defaultValues);

    const submit = form.handleSubmit((values) => {
      if (booking) request.mutate({ ...values, bookingId: booking.bookingId }, { onSuccess: onClose });
    });

    return (
      <FieldDialog
        {...labels}
        open={booking !== null}
        title={title(booking?.bookName ?? '')}
        field={{ ...field, error: form.getFieldState(field.name, form.formState).error }}
        request={request}
        onSubmit={submit}
        onClose={onClose}
      >
        {(props) => control(props, form.register(field.name))}
      </FieldDialog>
    );
  };
}
