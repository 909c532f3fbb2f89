import { APIError, type createAuthMiddleware } from 'better-auth/api';
import { type Role, selfServiceRoles } from '../../shared/constants.ts';
import { loginSchema, signUpSchema } from '../../shared/schemas/auth.ts';

/** What a Better Auth hook receives. */
export type AuthHookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const signUpPath = '/sign-up/email';
const schemaFor: Record<string, typeof signUpSchema | typeof loginSchema> = {
  [signUpPath]: signUpSchema,
  '/sign-in/email': loginSchema,
};

/**
 * Checks email sign-up and sign-in bodies with the same zod schemas the forms use, so the server
 * answers the specification's messages too; the checked (trimmed) values go on to Better Auth.
 */
export async function checkCredentialBodies(ctx: AuthHookContext) {
  const schema = schemaFor[ctx.path];
  if (!schema) return;
  const parsed = schema.safeParse(ctx.body);
  if (!parsed.success) {
    throw new APIError('BAD_REQUEST', { message: parsed.error.issues[0]?.message ?? 'Invalid request' });
  }
  return { context: { body: { ...ctx.body, ...parsed.data } } };
}

/**
 * Role and verification are never taken from a client as they are: an email sign-up may choose Buyer
 * or Seller (already checked above), every other new account (a first social sign-in) is a Buyer,
 * and nobody starts verified. Admin is only ever granted by an admin or the create-admin command.
 */
export async function assignStartingRole(
  data: Record<string, unknown>,
  ctx: { path?: string; body?: unknown } | null,
): Promise<{ data: { role: Role; verified: false } }> {
  const chosen = ctx?.path === signUpPath ? (ctx.body as { role?: unknown } | undefined)?.role : undefined;
  const role = selfServiceRoles.find((r) => r === chosen) ?? 'Buyer';
  return { data: { ...data, role, verified: false } };
}
