import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const storageKey = 'marquee-scroll-positions';

function savedPositions(): Record<string, number> {
  try {
    const saved: unknown = JSON.parse(window.sessionStorage.getItem(storageKey) ?? '{}');
    return saved && typeof saved === 'object' ? (saved as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * ScrollRestoration does what the browser does for pages it loads itself:
 * a new page (a link, a redirect, a changed query) starts at the top, or at
 * the element its #hash names, and Back and Forward return to where the
 * visitor was on that page, also after a reload (positions are kept in
 * sessionStorage for the tab).
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number> | null>(null);
  // The position the visitor last scrolled to: read before the next page is
  // shown, which may be shorter and move the scroll position itself.
  const lastY = useRef(0);
  const shown = useRef<string | null>(null);

  useEffect(() => {
    const before = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    lastY.current = window.scrollY;
    const onScroll = () => {
      lastY.current = window.scrollY;
    };
    const onPageHide = () => {
      if (!positions.current || shown.current === null) return;
      positions.current[shown.current] = window.scrollY;
      try {
        window.sessionStorage.setItem(storageKey, JSON.stringify(positions.current));
      } catch {
        // Storage full or refused: positions last for this page only.
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.history.scrollRestoration = before;
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= savedPositions();
    const first = shown.current === null;
    if (!first && shown.current !== location.key) positions.current[shown.current!] = lastY.current;
    shown.current = location.key;

    const saved = positions.current[location.key];
    if (navigationType === 'POP' && typeof saved === 'number') {
      window.scrollTo(0, saved);
    } else if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) target.scrollIntoView();
      else if (!first) window.scrollTo(0, 0);
    } else if (!first) {
      window.scrollTo(0, 0);
    }
    lastY.current = window.scrollY;
  }, [location, navigationType]);

  return null;
}
