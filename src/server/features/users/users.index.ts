import { createRouter, routesOf } from '#server/http/openapi.ts';
import * as accountHandlers from './account.handlers.ts';
import { routes as accountRoutes } from './account.routes.ts';
import * as adminHandlers from './admin-users.handlers.ts';
import { routes as adminRoutes } from './admin-users.routes.ts';
import * as photoHandlers from './profile-photo.handlers.ts';
import { routes as photoRoutes } from './profile-photo.routes.ts';
import * as roleCheckHandlers from './role-checks.handlers.ts';
import { routes as roleCheckRoutes } from './role-checks.routes.ts';

/**
 * The signed-in user's own account (profile, token, which sign-in providers exist), the profile photo, the
 * role checks, and what admins do with users (list them, make admins, verify sellers, delete).
 */
export const usersRouter = createRouter()
  .openapiRoutes(routesOf(accountRoutes, accountHandlers))
  .openapiRoutes(routesOf(photoRoutes, photoHandlers))
  .openapiRoutes(routesOf(roleCheckRoutes, roleCheckHandlers))
  .openapiRoutes(routesOf(adminRoutes, adminHandlers));
