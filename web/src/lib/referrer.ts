/**
 * The in-app referrer of a page view: a single-page app's navigations leave
 * document.referrer as it was when the site loaded, so the router reports
 * every location here (noteLocation) and a page's view beacon names the
 * previous one, or document.referrer for the first page of the visit.
 */
let previous = '';
let current = '';

/** noteLocation records the location the app shows now (path and query). */
export function noteLocation(path: string) {
  if (path === current) return;
  previous = current;
  current = path;
}

/** viewReferrer is the address the visitor came from to the current page. */
export function viewReferrer(): string {
  return previous ? window.location.origin + previous : document.referrer;
}
