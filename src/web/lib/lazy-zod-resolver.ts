import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * A react-hook-form resolver for a shared zod schema that loads zod, the schema and the zod resolver on the
 * first validation: a form's page draws without them (zod and the schemas are 24 KB gzip), and they
 * arrive while the user types. Made once per form, outside the component, so the load is shared.
 */
export function lazyZodResolver<Input extends FieldValues, Output = Input>(
  loadSchema: () => Promise<ZodType<Output, Input>>,
): Resolver<Input, unknown, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  return async (values, context, options) => {
    loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(([{ zodResolver }, schema]) =>
      zodResolver(schema),
    );
    const resolve = await loading.catch((error: unknown) => {
      loading = undefined; // a failed load (offline for a moment) is tried again at the next validation
      throw error;
    });
    return resolve(values, context, options);
  };
}
