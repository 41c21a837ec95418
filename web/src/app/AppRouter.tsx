import { createContext, useContext, useLayoutEffect, useState, useTransition, type ReactNode } from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, type Location, type NavigationType } from 'react-router';

const NavigationPending = createContext(false);

/**
 * useNavigationPending is true from the moment the address changes until the
 * next page is on screen. Navigations are transitions (the page being left
 * stays on screen while the next one's code and texts load), so without it a
 * visitor on a slow connection would type into a form that is about to be
 * replaced, and lose what they typed.
 */
export function useNavigationPending(): boolean {
  return useContext(NavigationPending);
}

/**
 * AppRouter is React Router's BrowserRouter with the navigation's transition
 * in our hands: the same history and the same transition, plus whether one
 * is pending (useNavigationPending), which the layouts show as a progress
 * bar over a page that no longer takes input.
 */
export function AppRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ window, v5Compat: true }));
  const [state, setState] = useState<{ action: NavigationType; location: Location }>({
    action: history.action,
    location: history.location,
  });
  const [pending, startTransition] = useTransition();
  useLayoutEffect(() => history.listen((update) => startTransition(() => setState(update))), [history]);
  return (
    <NavigationPending.Provider value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </NavigationPending.Provider>
  );
}
