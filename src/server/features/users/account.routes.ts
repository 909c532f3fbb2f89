import { z } from '@hono/zod-openapi';
import { profileSchema, type User, userSchema } from '../../../shared/schemas/user.ts';
import { requireSelfOrAdmin } from '../../auth/session.ts';
import { configuredProviders } from '../../auth/social-providers.ts';
import type { AppDeps } from '../../context.ts';
import { callerOf, defineRoute } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { createRouter, errorResponses, jsonContent } from '../../http/openapi.ts';
import { sendPrivateAnswer } from '../../http/private-answer.ts';
import { findUserByEmail, findUserById, updateProfile } from './users.service.ts';

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const providers = defineRoute({
  access: 'anyone',
  method: 'get',
  path: '/auth-providers',
  operationId: 'listAuthProviders',
  tags: ['Account'],
  summary: 'The third-party sign-in providers this server is configured for',
  responses: {
    200: jsonContent(
      z.object({ providers: z.array(z.object({ id: z.string(), name: z.string() })) }),
      'Providers, Google first; empty when none is configured',
    ),
  },
});

const jwt = defineRoute({
  access: 'signed-in',
  method: 'post',
  path: '/jwt',
  operationId: 'createBearerToken',
  tags: ['Account'],
  summary: 'A bearer token for the signed-in caller',
  description:
    'Send it as `authorization: bearer {token}` on any protected call. Only for the caller: an email ' +
    'that is not theirs is refused. The token ends when the session does (sign out).',
  request: {
    body: { required: true, content: { 'application/json': { schema: z.object({ email: z.string().max(254) }) } } },
  },
  responses: { 200: jsonContent(z.object({ token: z.string() }), 'The token'), ...errorResponses(400, 401, 403) },
});

const me = defineRoute({
  access: 'signed-in',
  method: 'get',
  path: '/users/me',
  operationId: 'getCurrentUser',
  tags: ['Account'],
  summary: 'The signed-in user',
  responses: { 200: jsonContent(userSchema, 'The caller'), ...errorResponses(401) },
});

const saveUser = defineRoute({
  access: 'signed-in',
  method: 'post',
  path: '/users',
  operationId: 'saveCurrentUser',
  tags: ['Account'],
  summary: "Save one's own profile (name)",
  description:
    'The email must be the caller’s. The role is set at sign-up and changed only by an admin: a role other ' +
    'than the caller’s current one is refused.',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({
            name: z.string().trim().min(1).max(100),
            email: z.string().max(254),
            role: z.string().optional(),
          }),
        },
      },
    },
  },
  responses: { 200: jsonContent(userSchema, 'The saved user'), ...errorResponses(400, 401, 403) },
});

const updateMe = defineRoute({
  access: 'signed-in',
  method: 'put',
  path: '/users/me',
  operationId: 'updateCurrentUser',
  tags: ['Account'],
  summary: "Update one's display name and photo",
  request: { body: { required: true, content: { 'application/json': { schema: profileSchema } } } },
  responses: { 200: jsonContent(userSchema, 'The updated user'), ...errorResponses(400, 401) },
});

const socialUser = defineRoute({
  access: 'signed-in',
  method: 'get',
  path: '/users/socialUser/{email}',
  operationId: 'getUserByEmail',
  tags: ['Account'],
  summary: 'The saved user behind an email (null when there is none)',
  description: 'A user may ask about themselves; an admin about anyone.',
  request: { params: z.object({ email: z.string().min(1).max(254) }) },
  responses: { 200: jsonContent(userSchema.nullable(), 'The user, or null'), ...errorResponses(400, 401, 403) },
});

/** The signed-in user's own account: profile, token, and which sign-in providers exist. */
export function accountRoutes(deps: AppDeps) {
  return createRouter()
    .openapi(providers, (c) => c.json({ providers: configuredProviders(deps.env) }, 200))
    .openapi(jwt, async (c) => {
      const caller = callerOf(c);
      if (!sameEmail(c.req.valid('json').email, caller.email)) {
        throw new AppError('FORBIDDEN', 'A token is only handed out for your own email');
      }
      const found = await deps.auth.api.getSession({ headers: c.req.raw.headers });
      if (!found) throw new AppError('UNAUTHORIZED', 'Please sign in first');
      return c.json({ token: found.session.token }, 200);
    })
    .openapi(me, (c) =>
      sendPrivateAnswer<User>(c, 'me', async () => ({ body: (await findUserById(deps.db, callerOf(c).id))! })),
    )
    .openapi(saveUser, async (c) => {
      const caller = callerOf(c);
      const body = c.req.valid('json');
      if (!sameEmail(body.email, caller.email)) throw new AppError('FORBIDDEN', 'You can only save your own account');
      if (body.role !== undefined && body.role !== caller.role) {
        throw new AppError('FORBIDDEN', 'Your role is chosen at sign-up and can only be changed by an admin');
      }
      return c.json(await updateProfile(deps.db, caller.id, { name: body.name, image: caller.image }), 200);
    })
    .openapi(updateMe, async (c) => {
      const caller = callerOf(c);
      const { displayName, photoURL } = c.req.valid('json');
      if (photoURL.startsWith('/') && !(await deps.storage.has(photoURL))) {
        throw new AppError('BAD_REQUEST', 'no uploaded picture has this address', { field: 'photoURL' });
      }
      return c.json(await updateProfile(deps.db, caller.id, { name: displayName, image: photoURL || null }), 200);
    })
    .openapi(socialUser, async (c) => {
      const { email } = c.req.valid('param');
      await requireSelfOrAdmin(c, deps, email);
      return c.json(await findUserByEmail(deps.db, email), 200);
    });
}
