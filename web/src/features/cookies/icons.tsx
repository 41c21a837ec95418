import { ThemeIcon } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useState, type ReactElement } from 'react';
import { lineIconProps } from '../../ui/lineIcon';
import classes from './icons.module.css';

// Small line icons drawn for Marquee (24x24, stroke = currentColor).
const base = lineIconProps(28);

const Shield = () => (
  <svg {...base}>
    <path d="M12 3l7 3v5c0 4.6-3 8.3-7 10-4-1.7-7-5.4-7-10V6l7-3z" />
    <path d="M9 12l2 2 4-4" />
  </svg>
);
const Lock = () => (
  <svg {...base}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V8a4 4 0 018 0v3" />
    <circle cx="12" cy="16" r="1.3" />
  </svg>
);
const Key = () => (
  <svg {...base}>
    <circle cx="8" cy="14" r="4" />
    <path d="M11 11l8-8M16 6l2 2M14 8l2 2" />
  </svg>
);
const Bars = () => (
  <svg {...base}>
    <path d="M4 20h16" />
    <rect x="6" y="12" width="3" height="6" />
    <rect x="11" y="8" width="3" height="10" />
    <rect x="16" y="4" width="3" height="14" />
  </svg>
);
const Line = () => (
  <svg {...base}>
    <path d="M4 4v16h16" />
    <path d="M7 15l4-4 3 3 5-6" />
  </svg>
);
const Pie = () => (
  <svg {...base}>
    <path d="M12 3a9 9 0 109 9h-9V3z" />
    <path d="M15 3.5A9 9 0 0120.5 9H15V3.5z" />
  </svg>
);
const Sliders = () => (
  <svg {...base}>
    <path d="M4 7h10M18 7h2M4 17h4M12 17h8" />
    <circle cx="16" cy="7" r="2" />
    <circle cx="10" cy="17" r="2" />
  </svg>
);
const Globe = () => (
  <svg {...base}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9S14.5 18.4 12 21c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
  </svg>
);
const Gear = () => (
  <svg {...base}>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1" />
  </svg>
);

export type CookieCategory = 'essential' | 'analytics' | 'preferences';

/** The icons each cookie category cycles through. */
export const categoryIcons: Record<CookieCategory, (() => ReactElement)[]> = {
  essential: [Shield, Lock, Key],
  analytics: [Bars, Line, Pie],
  preferences: [Sliders, Globe, Gear],
};

/**
 * CyclingIcon shows one icon of a set and moves to the next every few
 * seconds; with prefers-reduced-motion it stays on the first. Decorative.
 */
export function CyclingIcon({
  category,
  intervalMs = 3000,
  color = 'indigo',
}: {
  category: CookieCategory;
  intervalMs?: number;
  color?: string;
}) {
  const icons = categoryIcons[category];
  const reduceMotion = useReducedMotion();
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (reduceMotion) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % icons.length), intervalMs);
    return () => window.clearInterval(timer);
  }, [reduceMotion, intervalMs, icons.length]);

  // With reduced motion the first icon stays, whatever the last one shown.
  const shown = reduceMotion ? 0 : index;
  const Icon = icons[shown];
  return (
    <ThemeIcon
      size={56}
      radius="xl"
      variant="light"
      color={color}
      aria-hidden
      data-testid={`cookie-icon-${category}`}
      data-icon-index={shown}
      data-cycling={!reduceMotion}
    >
      <span key={shown} className={classes.glyph}>
        <Icon />
      </span>
    </ThemeIcon>
  );
}
