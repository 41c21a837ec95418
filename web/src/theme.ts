import { createTheme } from '@mantine/core';

/** Marquee's Mantine theme: deep indigo and marquee gold, AA contrast on white. */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 5 },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Hiragino Sans", "Noto Sans JP", "PingFang SC", "Noto Sans SC", sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  focusRing: 'auto',
});
