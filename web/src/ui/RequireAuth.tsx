import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from './page/PageState';
import { useSession } from '../lib/useSession';

/**
 * RequireAuth guards its child routes: visitors go to /login, which brings
 * them back here (the `from` location) once they have logged in.
 */
export function RequireAuth() {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <PageLoading />;
  if (!user) return <Navigate to="/login" state={{ from: location }} replace />;
  return <Outlet />;
}

/** The path a guard asked to return to after login, else '/'. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown } } | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/') || from.pathname.startsWith('//')) {
    return '/';
  }
  if (from.pathname === '/login' || from.pathname === '/signup') return '/';
  const search = typeof from.search === 'string' ? from.search : '';
  return from.pathname + search;
}
