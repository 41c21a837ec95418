/**
 * lineIconProps are the SVG attributes of Marquee's decorative line icons
 * (24-unit grid, round strokes in the current text colour, hidden from
 * assistive technology): spread them on an <svg> and draw paths inside.
 */
export function lineIconProps(size: number, strokeWidth = 1.8) {
  return {
    width: size,
    height: size,
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
    'aria-hidden': true,
    focusable: false,
  };
}
