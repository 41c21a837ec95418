import { useId } from 'react';
import type { LanguageCode } from '../i18n/languages';

/** starPoints returns a five-pointed star's polygon around (cx, cy), first point at angle `rotate` (degrees). */
function starPoints(cx: number, cy: number, r: number, rotate = -90): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.382;
    const a = ((rotate + i * 36) * Math.PI) / 180;
    pts.push(`${(cx + radius * Math.cos(a)).toFixed(2)},${(cy + radius * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(' ');
}

/**
 * LanguageFlag draws a language's flag as inline SVG, so that it shows the
 * same on every system (flag emoji have no glyphs on many). Decorative: the
 * language name beside it is the label.
 */
export function LanguageFlag({ code, width = 21 }: { code: LanguageCode; width?: number }) {
  const clip = useId();
  const height = Math.round((width * 2) / 3);
  const common = {
    width,
    height,
    'aria-hidden': true,
    focusable: false,
    style: { borderRadius: 2, boxShadow: '0 0 0 1px rgba(0,0,0,0.15)', flexShrink: 0 },
  } as const;
  switch (code) {
    case 'ja':
      return (
        <svg {...common} viewBox="0 0 30 20">
          <rect width="30" height="20" fill="#fff" />
          <circle cx="15" cy="10" r="6" fill="#bc002d" />
        </svg>
      );
    case 'zh':
      return (
        <svg {...common} viewBox="0 0 30 20">
          <rect width="30" height="20" fill="#ee1c25" />
          <polygon points={starPoints(5, 5, 3)} fill="#ffff00" />
          <polygon points={starPoints(10, 2, 1, -36)} fill="#ffff00" />
          <polygon points={starPoints(12, 4, 1, -72)} fill="#ffff00" />
          <polygon points={starPoints(12, 7, 1, -90)} fill="#ffff00" />
          <polygon points={starPoints(10, 9, 1, -54)} fill="#ffff00" />
        </svg>
      );
    default:
      return (
        <svg {...common} viewBox="0 0 60 40" preserveAspectRatio="none">
          <clipPath id={clip}>
            <path d="M30,20 h30 v20 z v20 h-30 z h-30 v-20 z v-20 h30 z" />
          </clipPath>
          <rect width="60" height="40" fill="#012169" />
          <path d="M0,0 L60,40 M60,0 L0,40" stroke="#fff" strokeWidth="8" />
          <path d="M0,0 L60,40 M60,0 L0,40" clipPath={`url(#${clip})`} stroke="#c8102e" strokeWidth="5" />
          <path d="M30,0 v40 M0,20 h60" stroke="#fff" strokeWidth="12" />
          <path d="M30,0 v40 M0,20 h60" stroke="#c8102e" strokeWidth="7" />
        </svg>
      );
  }
}
