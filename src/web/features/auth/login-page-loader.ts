import { ensureQuery } from '#web/app/ensure-query.ts';
import { authProvidersQueryOptions } from './api/get-auth-providers.ts';

/** `/login`: the sign-in providers its buttons offer. */
export function loginPageLoader() {
  ensureQuery(authProvidersQueryOptions());
}
