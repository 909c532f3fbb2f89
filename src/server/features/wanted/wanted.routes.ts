import { z } from '@hono/zod-openapi';
import { api } from '#server/http/api-tags.ts';
import { deletedCount, insertedId, modifiedCount } from '#server/http/change-counts.ts';
import { pageOf } from '#server/http/list-page.ts';
import { errorResponses, jsonBody, jsonContent } from '#server/http/openapi.ts';
import { uuidParam } from '#server/http/path-params.ts';
import { addWantedSchema, notificationSchema, wantedEntrySchema } from '#shared/schemas/wanted.ts';

const modified = jsonContent(modifiedCount, 'How many were marked read');

/** The routes, in the order they are matched and documented; each is answered by the handler of its name. */
export const routes = {
  listWanted: api.Wanted.get('/wanted', 'signed-in', {
    ...pageOf(wantedEntrySchema, 'Wanted entries, newest first', 'Entries in all'),
  }),
  addWanted: api.Wanted.post('/wanted', 'signed-in', {
    request: { body: jsonBody(addWantedSchema) },
    responses: { 201: jsonContent(insertedId, 'Added'), ...errorResponses(409) },
  }),
  removeWanted: api.Wanted.delete('/wanted/{id}', 'signed-in', {
    request: { params: uuidParam('id', { message: 'id must be a uuid', description: "The entry's id" }) },
    responses: { 200: jsonContent(deletedCount, 'Removed'), ...errorResponses(403, 404) },
  }),
  listNotifications: api.Notifications.get('/notifications', 'signed-in', {
    ...pageOf(notificationSchema, 'Notifications, newest first', 'Notifications in all'),
  }),
  countUnreadNotifications: api.Notifications.get('/notifications/unread-count', 'signed-in', {
    responses: { 200: jsonContent(z.object({ unread: z.number().int() }), 'The unread count') },
  }),
  markNotificationRead: api.Notifications.post('/notifications/{id}/read', 'signed-in', {
    request: {
      params: uuidParam('id', { message: 'id must be a uuid', description: "The notification's id" }),
    },
    responses: { 200: modified, ...errorResponses(403, 404) },
  }),
  markAllNotificationsRead: api.Notifications.post('/notifications/read', 'signed-in', {
    responses: { 200: modified },
  }),
};
