import { useEffect, useRef, useState } from 'react';

/**
 * useDebouncedUrlValue keeps a typed value in step with a value in the URL:
 * typing changes the local value at once and commits it `delay` ms after the
 * last keystroke; a URL change from elsewhere (back button, a link, a reset)
 * replaces the local value.
 */
export function useDebouncedUrlValue(
  urlValue: string,
  commit: (value: string) => void,
  delay = 300,
): [string, (value: string) => void] {
  const [value, setValue] = useState(urlValue);
  const committed = useRef(urlValue);
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });

  // A URL change we did not make: show it.
  useEffect(() => {
    if (urlValue !== committed.current) {
      committed.current = urlValue;
      setValue(urlValue);
    }
  }, [urlValue]);

  useEffect(() => {
    if (value === committed.current) return;
    const id = window.setTimeout(() => {
      committed.current = value;
      commitRef.current(value);
    }, delay);
    return () => window.clearTimeout(id);
  }, [value, delay]);

  return [value, setValue];
}
