import { z } from '@hono/zod-openapi';
import { api } from '#server/http/api-tags.ts';
import { errorResponses, jsonBody, jsonContent } from '#server/http/openapi.ts';
import { profileSchema, userSchema } from '#shared/schemas/user.ts';

export const providers = api.Account.get('/auth-providers', {
  access: 'anyone',
  operationId: 'listAuthProviders',
  summary: 'The third-party sign-in providers this server is configured for',
  responses: {
    200: jsonContent(
      z.object({ providers: z.array(z.object({ id: z.string(), name: z.string() })) }),
      'Providers, Google first; empty when none is configured',
    ),
  },
});

export const jwt = api.Account.post('/jwt', {
  access: 'signed-in',
  operationId: 'createBearerToken',
  summary: 'A bearer token for the signed-in caller',
  description:
    'Send it as `authorization: bearer {token}` on any protected call. Only for the caller: an email ' +
    'that is not theirs is refused. The token ends when the session does (sign out).',
  request: { body: jsonBody(z.object({ email: z.string().max(254) })) },
  responses: { 200: jsonContent(z.object({ token: z.string() }), 'The token'), ...errorResponses(403) },
});

export const me = api.Account.get('/users/me', {
  access: 'signed-in',
  operationId: 'getCurrentUser',
  summary: 'The signed-in user',
  responses: { 200: jsonContent(userSchema, 'The caller') },
});

export const saveUser = api.Account.post('/users', {
  access: 'signed-in',
  operationId: 'saveCurrentUser',
  summary: "Save one's own profile (name)",
  description:
    'The email must be the caller’s. The role is set at sign-up and changed only by an admin: a role other ' +
    'than the caller’s current one is refused.',
  request: {
    body: jsonBody(
      z.object({ name: z.string().trim().min(1).max(100), email: z.string().max(254), role: z.string().optional() }),
    ),
  },
  responses: { 200: jsonContent(userSchema, 'The saved user'), ...errorResponses(403) },
});

export const updateMe = api.Account.put('/users/me', {
  access: 'signed-in',
  operationId: 'updateCurrentUser',
  summary: "Update one's display name and photo",
  request: { body: jsonBody(profileSchema) },
  responses: { 200: jsonContent(userSchema, 'The updated user') },
});

export const socialUser = api.Account.get('/users/socialUser/{email}', {
  access: 'signed-in',
  operationId: 'getUserByEmail',
  summary: 'The saved user behind an email (null when there is none)',
  description: 'A user may ask about themselves; an admin about anyone.',
  request: { params: z.object({ email: z.string().min(1).max(254) }) },
  responses: { 200: jsonContent(userSchema.nullable(), 'The user, or null'), ...errorResponses(403) },
});
