import { createRouter, routesByName } from '#server/http/openapi.ts';
import * as accountHandlers from './account.handlers.ts';
import * as accountRoutes from './account.routes.ts';
import * as adminHandlers from './admin-users.handlers.ts';
import * as adminRoutes from './admin-users.routes.ts';
import * as photoHandlers from './profile-photo.handlers.ts';
import * as photoRoutes from './profile-photo.routes.ts';
import * as roleCheckHandlers from './role-checks.handlers.ts';
import * as roleCheckRoutes from './role-checks.routes.ts';

const accountCalls = [
  'listAuthProviders',
  'createBearerToken',
  'getCurrentUser',
  'saveCurrentUser',
  'updateCurrentUser',
  'getUserByEmail',
] as const;
const roleChecks = ['checkIsAdmin', 'checkIsSeller', 'checkIsBuyer', 'checkIsVerified'] as const;
const adminCalls = ['listUsers', 'listBuyers', 'listSellers', 'makeAdmin', 'verifySeller', 'deleteUser'] as const;

/**
 * The signed-in user's own account (profile, token, which sign-in providers exist), the profile photo, the
 * role checks, and what admins do with users (list them, make admins, verify sellers, delete).
 */
export const usersRouter = createRouter()
  .openapiRoutes(routesByName(accountRoutes, accountHandlers, accountCalls))
  .openapiRoutes(routesByName(photoRoutes, photoHandlers, ['uploadProfilePhoto']))
  .openapiRoutes(routesByName(roleCheckRoutes, roleCheckHandlers, roleChecks))
  .openapiRoutes(routesByName(adminRoutes, adminHandlers, adminCalls));
