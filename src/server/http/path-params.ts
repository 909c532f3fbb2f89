import { z } from '@hono/zod-openapi';

/**
 * A route's path parameters when they are one uuid, `name`: `message` is what a refusal of another value says
 * (zod's own words without one), `description` what the API document says of the parameter.
 */
export function uuidParam<const Name extends string>(
  name: Name,
  { message, description }: { message?: string; description?: string } = {},
) {
  const uuid = z.uuid(message);
  return z.object({
    [name]: description === undefined ? uuid : uuid.openapi({ param: { description } }),
  } as Record<Name, z.ZodUUID>);
}
