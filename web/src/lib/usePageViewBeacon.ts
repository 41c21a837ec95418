import { useEffect, useRef } from 'react';
import { analyticsApi } from '../api/analytics';
import { viewReferrer } from './referrer';

/**
 * usePageViewBeacon reports one view of a festival's public page once it
 * has loaded (ready): the referrer only; no cookie, nothing stored in the
 * browser. A failed report is dropped.
 */
export function usePageViewBeacon(slug: string, ready: boolean) {
  const sent = useRef('');
  useEffect(() => {
    if (!ready || !slug || sent.current === slug) return;
    sent.current = slug;
    analyticsApi.recordView(slug, viewReferrer()).catch(() => undefined);
  }, [slug, ready]);
}
