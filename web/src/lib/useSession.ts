import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, authApi, type User } from '../api/client';

/** The TanStack Query key of the signed-in user (null for a visitor). */
export const sessionKey = ['session'] as const;

/**
 * fetchSession asks the server who is signed in: GET /api/v1/session answers
 * {user} or {user: null} (no 401 for visitors, so no console noise).
 */
export async function fetchSession(): Promise<User | null> {
  try {
    const { user } = await authApi.session();
    return user ?? null;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return null;
    throw err;
  }
}

/**
 * useSession returns the signed-in user as the server sees them (from the
 * HttpOnly session cookie through GET /api/v1/session). Nothing about the session
 * is kept in the browser's storage.
 */
export function useSession() {
  const query = useQuery({
    queryKey: sessionKey,
    queryFn: fetchSession,
    staleTime: 60_000,
    retry: false,
  });
  return {
    user: query.data ?? null,
    isLoading: query.isPending,
    isAdmin: query.data?.role === 'admin',
  };
}

/** Queries that hold data about the signed-in user and must go on logout. */
function dropUserData(client: QueryClient) {
  client.removeQueries({
    predicate: (q) => q.queryKey[0] !== sessionKey[0] && q.queryKey[0] !== 'page-content' && q.queryKey[0] !== 'packages',
  });
}

/** sessionSignedIn records a user who has just logged in or signed up. */
export function sessionSignedIn(client: QueryClient, user: User) {
  dropUserData(client);
  client.setQueryData(sessionKey, user);
}

/**
 * sessionCreditsChanged shows the balance the server just answered (after a
 * payment) at once, then asks the server again: the balance always comes
 * from the server.
 */
export function sessionCreditsChanged(client: QueryClient, balance: number) {
  client.setQueryData<User | null>(sessionKey, (user) => (user ? { ...user, credits: balance } : user));
  void client.invalidateQueries({ queryKey: sessionKey });
}

/** sessionSignedOut forgets the user after logout. */
export function sessionSignedOut(client: QueryClient) {
  client.setQueryData(sessionKey, null);
  dropUserData(client);
}

/** The navigation state a logout leaves with; see useForgetSessionAfterLogout. */
const loggedOutState = { loggedOut: true } as const;

/**
 * useLogout ends the session on the server, then goes home. The session is
 * forgotten here only once the home page has rendered (useForgetSessionAfterLogout):
 * a guarded page still on screen during the navigation would otherwise send
 * the user to /login.
 */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await authApi.logOut();
    } catch (err) {
      // Already signed out on the server: carry on.
      if (!(err instanceof ApiError && err.status === 401)) throw err;
    }
    await navigate('/', { state: loggedOutState });
  }, [navigate]);
}

/** useForgetSessionAfterLogout (in the public layout) completes a logout begun with useLogout. */
export function useForgetSessionAfterLogout() {
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const loggedOut = (location.state as { loggedOut?: unknown } | null)?.loggedOut === true;
  useEffect(() => {
    if (!loggedOut) return;
    sessionSignedOut(client);
    // Drop the marker so that going back and forth in history does not repeat it.
    void navigate(location.pathname + location.search, { replace: true, state: null });
  }, [loggedOut, client, navigate, location.pathname, location.search]);
}
