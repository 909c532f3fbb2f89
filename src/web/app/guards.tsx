import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '../../shared/constants.ts';
import { Spinner } from '../components/spinner.tsx';
import { useCurrentUser } from '../lib/use-current-user.ts';

/** Shows `children` to a signed-in user (of one of `roles`, if given); others go to /login, remembering the origin. */
export function RequireAuth({ roles, children }: { roles?: Role[]; children: ReactNode }) {
  const { user, loading } = useCurrentUser();
  const location = useLocation();
  if (loading) return <Spinner label="Checking your account" />;
  if (!user || (roles && !roles.includes(user.role))) {
    return <Navigate to="/login" replace state={{ from: location }} />;
  }
  return children;
}
