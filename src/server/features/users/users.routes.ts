import type { AppDeps } from '../../context.ts';
import { createRouter } from '../../http/openapi.ts';
import { accountRoutes } from './account.routes.ts';
import { adminUsersRoutes } from './admin-users.routes.ts';
import { profilePhotoRoutes } from './profile-photo.routes.ts';
import { roleChecksRoutes } from './role-checks.routes.ts';

export function usersRoutes(deps: AppDeps) {
  return createRouter()
    .route('/', accountRoutes(deps))
    .route('/', profilePhotoRoutes(deps))
    .route('/', roleChecksRoutes(deps))
    .route('/', adminUsersRoutes(deps));
}
