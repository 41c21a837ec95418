import { useTranslation } from 'react-i18next';
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
 * usePendingPageProps are the props of a layout's <main> while the next page
 * loads: the page being left takes no input (inert), so nothing typed into it
 * is lost when it is replaced, and says it is busy.
 */
export function usePendingPageProps(): { inert?: boolean; 'aria-busy'?: boolean; 'data-pending'?: boolean } {
  const pending = useNavigationPending();
  return pending ? { inert: true, 'aria-busy': true, 'data-pending': true } : {};
}
