import { Image, type ImageProps } from '@mantine/core';
import type { PosterImages } from '../api/films';

/**
 * posterSrcSet is the `srcset` of a poster's two sizes, each with its width
 * ("…-card.jpg 400w, …-detail.jpg 1200w"); one entry when the picture was
 * small enough for both to be the same size.
 */
export function posterSrcSet(images: PosterImages): string {
  const { card, detail } = images;
  if (card.width === detail.width) return `${detail.url} ${detail.width}w`;
  return `${card.url} ${card.width}w, ${detail.url} ${detail.width}w`;
}

/** Where a poster is shown: in a list (the card is its fallback) or on a film's page (the detail). */
export type PosterUse = 'card' | 'detail';

export interface PosterImageProps extends Omit<ImageProps, 'src' | 'srcSet' | 'sizes'> {
  /** The poster's one address (posterUrl): all a legacy poster or The Movie Database's has. */
  url: string;
  /** The two sizes the server wrote (posterImages), when it did. */
  images?: PosterImages | null;
  /** The `sizes` attribute: how wide the poster is shown, e.g. "(min-width: 48em) 18rem, 100vw". */
  sizes: string;
  use: PosterUse;
  alt: string;
  loading?: 'lazy' | 'eager';
  'data-testid'?: string;
}

/**
 * PosterImage shows a poster. With the server's two sizes it offers both in
 * `srcset` with the caller's `sizes`, so that the browser downloads the
 * smallest that is sharp on the screen (its `src`, for browsers without
 * srcset, is the size of its use); otherwise the one `url`.
 */
export function PosterImage({ url, images, sizes, use, ...rest }: PosterImageProps) {
  if (!images) return <Image src={url} {...rest} />;
  return <Image src={images[use].url} srcSet={posterSrcSet(images)} sizes={sizes} {...rest} />;
}
