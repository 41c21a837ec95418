import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, authApi, type User } from '../../api/client';

/** The TanStack Query key of the signed-in user (null for a visitor). */
export const sessionKey = ['session'] as const;

/** fetchSession asks the server who is signed in; a 401 means nobody. */
export async function fetchSession(): Promise<User | null> {
  try {
    return await authApi.me();
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return null;
    throw err;
  }
}

/**
 * useSession returns the signed-in user as the server sees them (from the
 * HttpOnly session cookie through GET /api/v1/me). Nothing about the session
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

/** sessionSignedOut forgets the user after logout. */
export function sessionSignedOut(client: QueryClient) {
  client.setQueryData(sessionKey, null);
  dropUserData(client);
}

/** useLogout ends the session on the server and forgets it here. */
export function useLogout() {
  const client = useQueryClient();
  return useCallback(async () => {
    try {
      await authApi.logOut();
    } finally {
      sessionSignedOut(client);
    }
  }, [client]);
}
