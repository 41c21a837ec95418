import { createTheme, defaultVariantColorsResolver, parseThemeColor, type VariantColorsResolver } from '@mantine/core';

/**
 * On hover, subtle and light buttons get a pale tint (shade 1) and their
 * text darkens to shade 9, keeping AA contrast (4.5:1); Mantine's default
 * hover tint is dark enough to drop it to about 4.1:1.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'subtle' && input.variant !== 'light') return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || parsed.shade !== undefined) return colors;
  return { ...colors, hover: `var(--mantine-color-${parsed.color}-1)`, hoverColor: `var(--mantine-color-${parsed.color}-9)` };
};

/** Marquee's Mantine theme: deep indigo and marquee gold, AA contrast on white. */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 5 },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Hiragino Sans", "Noto Sans JP", "PingFang SC", "Noto Sans SC", sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  focusRing: 'auto',
  variantColorResolver,
});
