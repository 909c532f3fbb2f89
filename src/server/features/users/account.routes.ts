import { z } from '@hono/zod-openapi';
import { api } from '#server/http/api-tags.ts';
import { errorResponses, jsonBody, jsonContent } from '#server/http/openapi.ts';
import {
  languageSchema,
  meetupDetailsSchema,
  profileSchema,
  timeZoneSchema,
  userSchema,
} from '#shared/schemas/user.ts';

/** The routes, in the order they are matched and documented; each is answered by the handler of its name. */
export const routes = {
  listAuthProviders: api.Account.get('/auth-providers', 'anyone', {
    responses: {
      200: jsonContent(
        z.object({ providers: z.array(z.object({ id: z.string(), name: z.string() })) }),
        'Providers, Google first; empty when none is configured',
      ),
    },
  }),
  createBearerToken: api.Account.post('/jwt', 'signed-in', {
    request: { body: jsonBody(z.object({ email: z.string().max(254) })) },
    responses: { 200: jsonContent(z.object({ token: z.string() }), 'The token'), ...errorResponses(403) },
  }),
  getCurrentUser: api.Account.get('/users/me', 'signed-in', {
    responses: { 200: jsonContent(userSchema, 'The caller') },
  }),
  saveCurrentUser: api.Account.post('/users', 'signed-in', {
    request: {
      body: jsonBody(
        z.object({ name: z.string().trim().min(1).max(100), email: z.string().max(254), role: z.string().optional() }),
      ),
    },
    responses: { 200: jsonContent(userSchema, 'The saved user'), ...errorResponses(403) },
  }),
  updateCurrentUser: api.Account.put('/users/me', 'signed-in', {
    request: { body: jsonBody(profileSchema) },
    responses: { 200: jsonContent(userSchema, 'The updated user') },
  }),
  saveTimeZone: api.Account.put('/users/me/timeZone', 'signed-in', {
    request: { body: jsonBody(timeZoneSchema) },
    responses: {
      200: jsonContent(
        timeZoneSchema.extend({
          modifiedCount: z.number().describe('1 when the zone changed, 0 when it was already so'),
        }),
        'The time zone kept for the caller',
      ),
    },
  }),
  saveLanguage: api.Account.put('/users/me/language', 'signed-in', {
    request: { body: jsonBody(languageSchema) },
    responses: {
      200: jsonContent(
        languageSchema.extend({
          modifiedCount: z.number().describe('1 when the language changed, 0 when it was already so'),
        }),
        'The language kept for the caller',
      ),
    },
  }),
  getMeetupDetails: api.Account.get('/users/me/meetup', 'signed-in', {
    responses: { 200: jsonContent(meetupDetailsSchema, "The caller's meetup details (empty strings when not kept)") },
  }),
  saveMeetupDetails: api.Account.put('/users/me/meetup', 'signed-in', {
    request: { body: jsonBody(meetupDetailsSchema) },
    responses: { 200: jsonContent(meetupDetailsSchema, 'The meetup details kept') },
  }),
  getUserByEmail: api.Account.get('/users/socialUser/{email}', 'signed-in', {
    request: { params: z.object({ email: z.string().min(1).max(254) }) },
    responses: { 200: jsonContent(userSchema.nullable(), 'The user, or null'), ...errorResponses(403) },
  }),
};
