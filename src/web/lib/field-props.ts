import { type FieldError, type FieldValues, get, type Path, type UseFormReturn } from 'react-hook-form';

/** What a TextField takes from its react-hook-form form, both by the field's one name: its registration and error. */
export function fieldProps<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'register' | 'formState'>,
  name: Path<T>,
) {
  const error: FieldError | undefined = get(form.formState.errors, name);
  return { registration: form.register(name), error };
}
