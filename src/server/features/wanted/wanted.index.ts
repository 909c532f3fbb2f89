import { createRouter, routesByName } from '#server/http/openapi.ts';
import * as handlers from './wanted.handlers.ts';
import * as routes from './wanted.routes.ts';

const calls = [
  'listWanted',
  'addWanted',
  'removeWanted',
  'listNotifications',
  'countUnreadNotifications',
  'markNotificationRead',
  'markAllNotificationsRead',
] as const;

/** The Wanted list's calls and the notifications'. */
export const wantedRouter = createRouter().openapiRoutes(routesByName(routes, handlers, calls));
