import { createRouter } from '#server/http/openapi.ts';
import * as accountHandlers from './account.handlers.ts';
import * as accountRoutes from './account.routes.ts';
import * as adminHandlers from './admin-users.handlers.ts';
import * as adminRoutes from './admin-users.routes.ts';
import * as photoHandlers from './profile-photo.handlers.ts';
import * as photoRoutes from './profile-photo.routes.ts';
import * as roleCheckHandlers from './role-checks.handlers.ts';
import * as roleCheckRoutes from './role-checks.routes.ts';

/**
 * The signed-in user's own account (profile, token, which sign-in providers exist), the profile photo, the
 * role checks, and what admins do with users (list them, make admins, verify sellers, delete).
 */
export const usersRouter = createRouter()
  .openapi(accountRoutes.providers, accountHandlers.providers)
  .openapi(accountRoutes.jwt, accountHandlers.jwt)
  .openapi(accountRoutes.me, accountHandlers.me)
  .openapi(accountRoutes.saveUser, accountHandlers.saveUser)
  .openapi(accountRoutes.updateMe, accountHandlers.updateMe)
  .openapi(accountRoutes.socialUser, accountHandlers.socialUser)
  .openapi(photoRoutes.uploadPhoto, photoHandlers.uploadPhoto)
  .openapi(roleCheckRoutes.isAdmin, roleCheckHandlers.isAdmin)
  .openapi(roleCheckRoutes.isSeller, roleCheckHandlers.isSeller)
  .openapi(roleCheckRoutes.isBuyer, roleCheckHandlers.isBuyer)
  .openapi(roleCheckRoutes.isVerified, roleCheckHandlers.isVerified)
  .openapi(adminRoutes.allUsers, adminHandlers.allUsers)
  .openapi(adminRoutes.buyers, adminHandlers.buyers)
  .openapi(adminRoutes.sellers, adminHandlers.sellers)
  .openapi(adminRoutes.promote, adminHandlers.promote)
  .openapi(adminRoutes.verify, adminHandlers.verify)
  .openapi(adminRoutes.remove, adminHandlers.remove);
