import classes from './pages.module.css';

/**
 * Picture renders one of Marquee's SVG illustrations with explicit
 * dimensions (no layout shift) that scales to its container. Images below the
 * fold load lazily; pass eager for the hero.
 */
export function Picture({
  src,
  alt,
  width,
  height,
  eager = false,
  className,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  eager?: boolean;
  className?: string;
}) {
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className ? `${classes.picture} ${className}` : classes.picture}
    />
  );
}
