import '@testing-library/jest-dom/vitest';
import { format } from 'node:util';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import i18n from '../i18n';

// findBy/waitFor give up after 30 s (default 1 s): a ceiling, not a wait (a
// passing test goes on as soon as the element is there), high enough that a
// loaded machine's slow renders are not taken for failures. make test runs
// Vitest at a lower priority than the browser tests (Makefile), and there a
// page's first translations took more than 10 s to load (a clean-clone run
// of 6665c64: ScreeningsPage's list still suspended after 10 s).
configure({ asyncUtilTimeout: 30_000 });

// jsdom lacks these browser APIs that Mantine uses.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView ??= () => {};

// A test fails when it prints an unexpected console.error or console.warn
// (a React act() warning, a failed prop type, a library complaining): such
// output used to hide real failures in hundreds of lines. Fix the cause; only
// messages listed here, each with its reason, are let through silently.
const allowedConsole: { pattern: RegExp; why: string }[] = [
  {
    pattern: /The width\(0\) and height\(0\) of chart should be greater than 0/,
    why: "jsdom has no layout, so Recharts' ResponsiveContainer measures 0×0; the charts are checked through their accessible tables and in the browser tests",
  },
];
let unexpectedConsole: string[] = [];
for (const level of ['error', 'warn'] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    const text = format(...args);
    if (allowedConsole.some((a) => a.pattern.test(text))) return;
    unexpectedConsole.push(`console.${level}: ${text.length > 800 ? `${text.slice(0, 800)}…` : text}`);
    original(...args);
  };
}
// One hook both unmounts the test's page and checks the console, in that
// order: a check that throws must not leave the page mounted for the next
// test (a separate cleanup hook could be skipped or run after it).
//
// Test files share a worker's modules (isolate: false in vite.config.ts: it
// saves importing Mantine and the app again for every file, two thirds of the
// suite's time), so the state a test can leave behind is reset here for the
// next one, in this file or another: the language, the storages, stubbed
// globals such as fetch, fake timers and notifications (Mantine keeps them
// in a module-wide store).
afterEach(async () => {
  cleanup();
  notifications.clean();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  document.documentElement.lang = 'en';
  const found = unexpectedConsole;
  unexpectedConsole = [];
  if (found.length > 0) {
    throw new Error(`unexpected console output (fix its cause, or allow it in src/test/setup.ts with a reason):\n${found.join('\n')}`);
  }
});
