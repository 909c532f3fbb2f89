import { z } from '@hono/zod-openapi';
import { defineRoute } from '#server/http/access.ts';
import { deletedCount, insertedId, modifiedCount } from '#server/http/change-counts.ts';
import { pageResponse } from '#server/http/list-page.ts';
import { errorResponses, jsonBody, jsonContent } from '#server/http/openapi.ts';
import { uuidParam } from '#server/http/path-params.ts';
import { pageQuerySchema } from '#shared/schemas/book.ts';
import { addWantedSchema, notificationSchema, wantedEntrySchema } from '#shared/schemas/wanted.ts';

const modified = jsonContent(modifiedCount, 'How many were marked read');

export const listWanted = defineRoute({
  access: 'signed-in',
  method: 'get',
  path: '/wanted',
  operationId: 'listWanted',
  tags: ['Wanted'],
  summary: "The caller's Wanted list",
  description: 'ISBNs and saved searches, newest first. Any signed-in user (Buyer, Seller or Admin) has one.',
  request: { query: pageQuerySchema },
  responses: {
    200: pageResponse(wantedEntrySchema, 'Wanted entries, newest first', 'Entries in all'),
    ...errorResponses(400, 401),
  },
});

export const addWanted = defineRoute({
  access: 'signed-in',
  method: 'post',
  path: '/wanted',
  operationId: 'addWanted',
  tags: ['Wanted'],
  summary: 'Add an ISBN or a saved search to the Wanted list',
  description:
    'Either `isbn` (ISBN-10 or ISBN-13) or `search` (the words and filters of a search page, as strings like its ' +
    'address). When a matching book is listed the caller gets a notification and an email, once per listing. ' +
    '409 when the entry is on the list already, or the list holds 50.',
  request: { body: jsonBody(addWantedSchema) },
  responses: {
    201: jsonContent(insertedId, 'Added'),
    ...errorResponses(400, 401, 409),
  },
});

export const removeWanted = defineRoute({
  access: 'signed-in',
  method: 'delete',
  path: '/wanted/{id}',
  operationId: 'removeWanted',
  tags: ['Wanted'],
  summary: 'Remove an entry of the Wanted list',
  description: "The caller's own entries only.",
  request: { params: uuidParam('id', { message: 'id must be a uuid', description: "The entry's id" }) },
  responses: {
    200: jsonContent(deletedCount, 'Removed'),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const listNotifications = defineRoute({
  access: 'signed-in',
  method: 'get',
  path: '/notifications',
  operationId: 'listNotifications',
  tags: ['Notifications'],
  summary: "The caller's notifications",
  description: 'Newest first, read and unread.',
  request: { query: pageQuerySchema },
  responses: {
    200: pageResponse(notificationSchema, 'Notifications, newest first', 'Notifications in all'),
    ...errorResponses(400, 401),
  },
});

export const unreadCount = defineRoute({
  access: 'signed-in',
  method: 'get',
  path: '/notifications/unread-count',
  operationId: 'countUnreadNotifications',
  tags: ['Notifications'],
  summary: "How many of the caller's notifications are unread",
  description: 'The bell in the navbar asks it on every page; it is answered from memory while nothing changed.',
  responses: {
    200: jsonContent(z.object({ unread: z.number().int() }), 'The unread count'),
    ...errorResponses(401),
  },
});

export const markRead = defineRoute({
  access: 'signed-in',
  method: 'post',
  path: '/notifications/{id}/read',
  operationId: 'markNotificationRead',
  tags: ['Notifications'],
  summary: 'Mark a notification read',
  description: "The caller's own only; one already read stays as it was (modifiedCount 0).",
  request: {
    params: uuidParam('id', { message: 'id must be a uuid', description: "The notification's id" }),
  },
  responses: { 200: modified, ...errorResponses(400, 401, 403, 404) },
});

export const markAllRead = defineRoute({
  access: 'signed-in',
  method: 'post',
  path: '/notifications/read',
  operationId: 'markAllNotificationsRead',
  tags: ['Notifications'],
  summary: "Mark all the caller's notifications read",
  responses: { 200: modified, ...errorResponses(401) },
});
