import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, renderPage, stubApi } from '../../test/utils';
import { film } from '../../test/fixtures/films';
import FilmProjectPage from './FilmProjectPage';

afterEach(() => vi.unstubAllGlobals());

const routes = [{ path: '/films/:id/project', Component: FilmProjectPage }];

describe('FilmProjectPage specs', () => {
  it('sends what each text field holds and shows the server’s refusal under its field', async () => {
    const fetch = stubApi({
      'GET /api/v1/films/7': { status: 200, body: { film: film() } },
      'PUT /api/v1/films/7/specs': {
        status: 400,
        body: { message: 'Check the fields', code: 'invalid', fields: { aspectRatio: 'Aspect ratio must be at most 20 characters', languages: 'Too many languages' } },
      },
    });
    const user = userEvent.setup();
    renderPage(routes, ['/films/7/project']);
    await user.type(await screen.findByTestId('spec-trailer'), 'https://vimeo.com/9');
    await user.type(screen.getByTestId('spec-aspect'), '2.39:1');
    await user.type(screen.getByTestId('spec-format'), '35mm');
    await user.type(screen.getByTestId('spec-languages'), 'Japanese, English');
    await user.type(screen.getByTestId('spec-subtitles'), 'English');
    await user.click(screen.getByTestId('specs-save'));
    expect(await screen.findByText('Aspect ratio must be at most 20 characters')).toBeInTheDocument();
    expect(screen.getByTestId('spec-aspect')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Too many languages')).toBeInTheDocument();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(bodyOf(put?.[1])).toMatchObject({
      trailerUrl: 'https://vimeo.com/9',
      aspectRatio: '2.39:1',
      shootingFormat: '35mm',
      languages: ['Japanese', 'English'],
      subtitles: ['English'],
    });
  });
});
