import { z } from '@hono/zod-openapi';
import { api } from '#server/http/api-tags.ts';
import { deletedCount, insertedId, modifiedCount } from '#server/http/change-counts.ts';
import { pageOf } from '#server/http/list-page.ts';
import { errorResponses, jsonBody, jsonContent } from '#server/http/openapi.ts';
import { uuidParam } from '#server/http/path-params.ts';
import { addWantedSchema, notificationSchema, wantedEntrySchema } from '#shared/schemas/wanted.ts';

const modified = jsonContent(modifiedCount, 'How many were marked read');

export const listWanted = api.Wanted.get('/wanted', {
  access: 'signed-in',
  operationId: 'listWanted',
  summary: "The caller's Wanted list",
  description: 'ISBNs and saved searches, newest first. Any signed-in user (Buyer, Seller or Admin) has one.',
  ...pageOf(wantedEntrySchema, 'Wanted entries, newest first', 'Entries in all'),
});

export const addWanted = api.Wanted.post('/wanted', {
  access: 'signed-in',
  operationId: 'addWanted',
  summary: 'Add an ISBN or a saved search to the Wanted list',
  description:
    'Either `isbn` (ISBN-10 or ISBN-13) or `search` (the words and filters of a search page, as strings like its ' +
    'address). When a matching book is listed the caller gets a notification and an email, once per listing. ' +
    '409 when the entry is on the list already, or the list holds 50.',
  request: { body: jsonBody(addWantedSchema) },
  responses: { 201: jsonContent(insertedId, 'Added'), ...errorResponses(409) },
});

export const removeWanted = api.Wanted.delete('/wanted/{id}', {
  access: 'signed-in',
  operationId: 'removeWanted',
  summary: 'Remove an entry of the Wanted list',
  description: "The caller's own entries only.",
  request: { params: uuidParam('id', { message: 'id must be a uuid', description: "The entry's id" }) },
  responses: { 200: jsonContent(deletedCount, 'Removed'), ...errorResponses(403, 404) },
});

export const listNotifications = api.Notifications.get('/notifications', {
  access: 'signed-in',
  operationId: 'listNotifications',
  summary: "The caller's notifications",
  description: 'Newest first, read and unread.',
  ...pageOf(notificationSchema, 'Notifications, newest first', 'Notifications in all'),
});

export const unreadCount = api.Notifications.get('/notifications/unread-count', {
  access: 'signed-in',
  operationId: 'countUnreadNotifications',
  summary: "How many of the caller's notifications are unread",
  description: 'The bell in the navbar asks it on every page; it is answered from memory while nothing changed.',
  responses: { 200: jsonContent(z.object({ unread: z.number().int() }), 'The unread count') },
});

export const markRead = api.Notifications.post('/notifications/{id}/read', {
  access: 'signed-in',
  operationId: 'markNotificationRead',
  summary: 'Mark a notification read',
  description: "The caller's own only; one already read stays as it was (modifiedCount 0).",
  request: {
    params: uuidParam('id', { message: 'id must be a uuid', description: "The notification's id" }),
  },
  responses: { 200: modified, ...errorResponses(403, 404) },
});

export const markAllRead = api.Notifications.post('/notifications/read', {
  access: 'signed-in',
  operationId: 'markAllNotificationsRead',
  summary: "Mark all the caller's notifications read",
  responses: { 200: modified },
});
