import { createRouter } from '#server/http/openapi.ts';
import * as handlers from './wanted.handlers.ts';
import * as routes from './wanted.routes.ts';

export const wantedRouter = createRouter()
  .openapi(routes.listWanted, handlers.listWanted)
  .openapi(routes.addWanted, handlers.addWanted)
  .openapi(routes.removeWanted, handlers.removeWanted)
  .openapi(routes.listNotifications, handlers.listNotifications)
  .openapi(routes.unreadCount, handlers.unreadCount)
  .openapi(routes.markRead, handlers.markRead)
  .openapi(routes.markAllRead, handlers.markAllRead);
