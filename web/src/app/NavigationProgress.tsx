import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useNavigationPending } from './AppRouter';

/**
 * NavigationProgress is the thin bar along the top of the window while the
 * next page loads (see useNavigationPending). It is announced as busy, not
 * as a figure: how long the page takes is unknown.
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  const pending = useNavigationPending();
  if (!pending) return null;
  return <div className="navigation-progress" role="progressbar" aria-label={t('common.loading')} data-testid="navigation-progress" />;
}

/**
 * useMainProps are the props of a layout's <main>: data-path, the address
 * of the page on screen (the router's committed location, which during a
 * navigation is still the page being left), and while the next page loads,
 * inert and aria-busy: the page being left takes no input, so nothing typed
 * into it is lost when it is replaced, and says it is busy. The browser
 * tests read data-path to know when a page reached without a page load
 * (e2e/helpers.ts, openInApp) is the one on screen.
 */
export function useMainProps(): { 'data-path': string; inert?: boolean; 'aria-busy'?: boolean; 'data-pending'?: boolean } {
  const pending = useNavigationPending();
  const { pathname } = useLocation();
  return pending ? { 'data-path': pathname, inert: true, 'aria-busy': true, 'data-pending': true } : { 'data-path': pathname };
}
