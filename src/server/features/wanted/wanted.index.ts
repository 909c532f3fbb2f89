import { createRouter, routesByName } from '#server/http/openapi.ts';
import * as handlers from './wanted.handlers.ts';
import * as routes from './wanted.routes.ts';

const wantedCalls = ['listWanted', 'addWanted', 'removeWanted'] as const;
const notificationCalls = ['listNotifications', 'unreadCount', 'markRead', 'markAllRead'] as const;

/** The Wanted list's calls, then the notifications'. */
export const wantedRouter = createRouter()
  .openapiRoutes(routesByName(routes, handlers, wantedCalls))
  .openapiRoutes(routesByName(routes, handlers, notificationCalls));
