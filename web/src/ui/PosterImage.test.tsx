import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PosterImages } from '../api/films';
import { PosterImage, posterSrcSet } from './PosterImage';
import { renderWithProviders } from '../test/utils';

const images: PosterImages = {
  card: { url: '/media/posters/7-00000000000000aa-card.jpg', width: 400, height: 600 },
  detail: { url: '/media/posters/7-00000000000000aa-detail.jpg', width: 1200, height: 1800 },
};

describe('poster srcset', () => {
  it('names both sizes with their widths, or one when they are the same', () => {
    expect(posterSrcSet(images)).toBe('/media/posters/7-00000000000000aa-card.jpg 400w, /media/posters/7-00000000000000aa-detail.jpg 1200w');
    const small: PosterImages = {
      card: { url: '/media/posters/7-00000000000000aa-card.jpg', width: 300, height: 450 },
      detail: { url: '/media/posters/7-00000000000000aa-detail.jpg', width: 300, height: 450 },
    };
    expect(posterSrcSet(small)).toBe('/media/posters/7-00000000000000aa-detail.jpg 300w');
  });

  it('renders srcset and sizes, with the size of its use as src', () => {
    renderWithProviders(
      <>
        <PosterImage url={images.detail.url} images={images} use="card" sizes="72px" alt="in a list" />
        <PosterImage url={images.detail.url} images={images} use="detail" sizes="(min-width: 48em) 18rem, 100vw" alt="on a page" />
      </>,
    );
    const card = screen.getByRole('img', { name: 'in a list' });
    expect(card).toHaveAttribute('src', images.card.url);
    expect(card).toHaveAttribute('srcset', posterSrcSet(images));
    expect(card).toHaveAttribute('sizes', '72px');
    const detail = screen.getByRole('img', { name: 'on a page' });
    expect(detail).toHaveAttribute('src', images.detail.url);
    expect(detail).toHaveAttribute('sizes', '(min-width: 48em) 18rem, 100vw');
  });

  it('shows the one address of a poster without sizes (legacy, or The Movie Database)', () => {
    renderWithProviders(<PosterImage url="https://image.tmdb.org/t/p/w500/p.jpg" images={null} use="card" sizes="72px" alt="tmdb" />);
    const img = screen.getByRole('img', { name: 'tmdb' });
    expect(img).toHaveAttribute('src', 'https://image.tmdb.org/t/p/w500/p.jpg');
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
  });
});
