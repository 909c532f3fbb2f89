import type { ComponentProps, ReactNode } from 'react';
import type { DefaultValues, FieldValues, Path, Resolver, UseFormRegisterReturn } from 'react-hook-form';
import type { ZodType } from 'zod';
import { fieldProps } from '#web/lib/field-props.ts';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver.ts';
import { FieldDialog, useDialogForm } from './field-dialog.tsx';
import type { FormField } from './form-field.tsx';

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

/** What a booking dialog asks for: one text field, its texts and its control. */
interface QuestionSpec<Input extends FieldValues, Output> {
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

type BookingQuestion<Input extends FieldValues, Output> = Omit<QuestionSpec<Input, Output>, 'schema'> & {
  resolver: Resolver<Input, unknown, Output>;
  defaultValues: DefaultValues<Input>;
};

/** A booking dialog's question, made once outside the component (so the schema loads once); the field starts empty. */
export function bookingQuestion<Input extends FieldValues, Output>({
  schema,
  ...question
}: QuestionSpec<Input, Output>): BookingQuestion<Input, Output> {
  const defaultValues = { [question.field.name]: '' } as DefaultValues<Input>;
  return { ...question, resolver: lazyZodResolver(schema), defaultValues };
}

/**
 * A dialog that asks one question about a booking (a FieldDialog) and sends the answer with the booking's id
 * (`request`). Each opening starts afresh; a refusal shows in the dialog, which closes once the change is done.
 */
export function BookingFieldDialog<Input extends FieldValues, Output>({
  booking,
  onClose,
  question: { resolver, defaultValues, title, field, control, ...labels },
  request,
}: BookingDialogProps & {
  question: BookingQuestion<Input, Output>;
  request: {
    isPending: boolean;
    error: Error | null;
    reset: () => void;
    mutate: (variables: Output & { bookingId: string }, options: { onSuccess: () => void }) => void;
  };
}) {
  const form = useDialogForm(booking?.bookingId, request, resolver, defaultValues);
  const { registration, error } = fieldProps(form, field.name);

  const submit = form.handleSubmit((values) => {
    if (booking) request.mutate({ ...values, bookingId: booking.bookingId }, { onSuccess: onClose });
  });

  return (
    <FieldDialog
      {...labels}
      open={booking !== null}
      title={title(booking?.bookName ?? '')}
      field={{ ...field, error }}
      request={request}
      onSubmit={submit}
      onClose={onClose}
    >
      {(props) => control(props, registration)}
    </FieldDialog>
  );
}
