import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, renderPage, stubApi } from '../../test/utils';
import FilmEditorPage from './FilmEditorPage';
import FilmsPage from './FilmsPage';
import { checkPoster, validateFilm, emptyFilm } from './schema';
import { film } from '../../test/fixtures/films';

afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/films', Component: FilmsPage },
  { path: '/films/new', Component: FilmEditorPage },
  { path: '/films/:id', Component: FilmEditorPage },
  { path: '/submit-film', element: <p>submit page</p> },
];

const png = (size = 10) => new File([new Uint8Array(size)], 'poster.png', { type: 'image/png' });

describe('film schema', () => {
  it('requires a title and checks numbers, URL and credits', () => {
    const r = validateFilm({ ...emptyFilm, runtimeMinutes: '0', year: '1700', screenerUrl: 'vimeo', credits: [{ key: 1, name: '', role: 'Editor' }] });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toMatchObject({
      title: 'title.required',
      runtimeMinutes: 'runtimeMinutes.range',
      year: 'year.range',
      screenerUrl: 'screenerUrl.invalid',
      credits: 'credits.nameRequired',
    });
    const ok = validateFilm({ ...emptyFilm, title: ' Night ', runtimeMinutes: '14', credits: [{ key: 2, name: ' ', role: '' }] });
    expect(ok).toEqual({ ok: true, data: expect.objectContaining({ title: 'Night', runtimeMinutes: 14, year: 0, credits: [] }) });
  });

  it('refuses posters of other types or over 5 MB', () => {
    expect(checkPoster(png())).toBeNull();
    expect(checkPoster(new File(['x'], 'a.gif', { type: 'image/gif' }))).toBeNull();
    expect(checkPoster(new File(['x'], 'a.svg', { type: 'image/svg+xml' }))).toBe('type');
    expect(checkPoster(new File(['x'], 'a.bmp', { type: 'image/bmp' }))).toBe('type');
    const big = png();
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    expect(checkPoster(big)).toBe('size');
  });
});

describe('FilmsPage', () => {
  it('lists the films as cards with poster or placeholder and active submissions', async () => {
    stubApi({
      'GET /api/v1/films': {
        status: 200,
        body: {
          items: [
            film({ posterUrl: '/media/posters/abc.png', activeSubmissions: 2 }),
            film({ id: 8, title: 'Rain', year: 0, runtimeMinutes: 0 }),
            film({
              id: 9,
              title: 'Tide',
              posterUrl: '/media/posters/9-00000000000000aa-detail.jpg',
              posterImages: {
                card: { url: '/media/posters/9-00000000000000aa-card.jpg', width: 400, height: 600 },
                detail: { url: '/media/posters/9-00000000000000aa-detail.jpg', width: 1200, height: 1800 },
              },
            }),
          ],
        },
      },
    });
    renderPage(routes, ['/films']);
    const cards = await screen.findAllByTestId('film-card');
    expect(cards).toHaveLength(3);
    // Two sizes: the card is the fallback, srcset offers both for a 72 px thumbnail.
    const tide = within(cards[2]).getByTestId('film-poster');
    expect(tide).toHaveAttribute('src', '/media/posters/9-00000000000000aa-card.jpg');
    expect(tide).toHaveAttribute('srcset', '/media/posters/9-00000000000000aa-card.jpg 400w, /media/posters/9-00000000000000aa-detail.jpg 1200w');
    expect(tide).toHaveAttribute('sizes', '72px');
    expect(cards[0]).toHaveTextContent('Night Train');
    expect(cards[0]).toHaveTextContent('2025 · 14 minutes');
    expect(cards[0]).toHaveTextContent('2 active submissions');
    expect(within(cards[0]).getByTestId('film-poster')).toHaveAttribute('src', '/media/posters/abc.png');
    expect(within(cards[1]).getByTestId('film-poster-placeholder')).toBeInTheDocument();
    expect(within(cards[1]).getByRole('link', { name: 'Submit Rain to festivals' })).toHaveAttribute('href', '/submit-film?film=8');
    expect(screen.getByRole('link', { name: 'New film' })).toHaveAttribute('href', '/films/new');
  });
});

describe('FilmEditorPage', () => {
  it('shows our rules beside the fields and sends nothing', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderPage(routes, ['/films/new']);
    await user.click(await screen.findByRole('button', { name: 'Create film' }));
    expect(await screen.findByText("Please enter the film's title.")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveFocus();
    expect(api).not.toHaveBeenCalled();
  });

  it('adds and removes credit rows and sends them', async () => {
    let sent: unknown;
    stubApi({
      'POST /api/v1/films': (init) => {
        sent = bodyOf(init);
        return { status: 201, body: { film: film({ id: 9, title: 'Night Train' }) } };
      },
      'GET /api/v1/films/9': { status: 200, body: { film: film({ id: 9 }) } },
    });
    const user = userEvent.setup();
    const { router } = renderPage(routes, ['/films/new']);
    await user.click(await screen.findByLabelText(/^Title/));
    await user.paste('Night Train');
    const add = screen.getByRole('button', { name: 'Add a person' });
    await user.click(add);
    await user.click(add);
    await user.click(add);
    expect(screen.getAllByTestId('credit-row')).toHaveLength(3);
    await user.click(screen.getByLabelText('Name 1'));
    await user.paste('Ken Ito');
    await user.click(screen.getByLabelText('Role 1'));
    await user.paste('Editor');
    await user.click(screen.getByLabelText('Name 2'));
    await user.paste('Dropped');
    await user.click(screen.getByRole('button', { name: 'Remove credit 2' }));
    expect(screen.getAllByTestId('credit-row')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Create film' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/films/9'));
    expect(sent).toMatchObject({ title: 'Night Train', credits: [{ name: 'Ken Ito', role: 'Editor' }], public: false });
    expect(await screen.findByTestId('film-saved')).toHaveTextContent('Your film project is created.');
  });

  it("shows the server's field errors beside the fields", async () => {
    stubApi({
      'GET /api/v1/films/7': { status: 200, body: { film: film() } },
      'PUT /api/v1/films/7': {
        status: 400,
        body: { message: 'Please correct the fields.', code: 'validation', fields: { screenerUrl: 'Not a web address.', 'credits[0].name': 'Too long.' } },
      },
    });
    const user = userEvent.setup();
    renderPage(routes, ['/films/7']);
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Not a web address.')).toBeInTheDocument();
    expect(screen.getByTestId('credits-error')).toHaveTextContent('Too long.');
    expect(screen.getByTestId('film-save-error')).toHaveTextContent('Please correct the fields marked above.');
  });

  it('refuses a wrong poster type or size in the browser, and uploads a good one after saving', async () => {
    let uploaded: BodyInit | null | undefined;
    let uploadType = '';
    stubApi({
      'GET /api/v1/films/7': { status: 200, body: { film: film() } },
      'PUT /api/v1/films/7': { status: 200, body: { film: film() } },
      'PUT /api/v1/films/7/poster': (init) => {
        uploaded = init?.body;
        uploadType = (init?.headers as Record<string, string>)['Content-Type'];
        return { status: 200, body: { film: film({ posterUrl: '/media/posters/new.png' }) } };
      },
    });
    const user = userEvent.setup({ applyAccept: false });
    renderPage(routes, ['/films/7']);
    const input = await screen.findByTestId('poster-input');
    await user.upload(input, new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' }));
    expect(screen.getByTestId('poster-error')).toHaveTextContent('Please choose a JPEG, PNG, WebP or GIF image.');
    const big = png();
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(screen.getByTestId('poster-error')).toHaveTextContent('larger than 5 MB');
    const good = png(64);
    fireEvent.change(input, { target: { files: [good] } });
    expect(screen.queryByTestId('poster-error')).toBeNull();
    expect(screen.getByText('Chosen: poster.png (sent when you save)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByTestId('film-saved')).toHaveTextContent('Your changes are saved.');
    // The client sends the chosen file as a Blob with its type (jsdom's File
    // does not carry its bytes through Node's Request; e2e films sends a real one).
    expect(uploaded).toBeInstanceOf(Blob);
    expect(uploadType).toBe('image/png');
  });

  it("deletes after confirming, and shows the server's 409 message", async () => {
    stubApi({
      'GET /api/v1/films/7': { status: 200, body: { film: film({ activeSubmissions: 1 }) } },
      'DELETE /api/v1/films/7': { status: 409, body: { message: 'This film has active submissions.', code: 'conflict' } },
    });
    const user = userEvent.setup();
    renderPage(routes, ['/films/7']);
    expect(await screen.findByRole('link', { name: 'Submit this film' })).toHaveAttribute('href', '/submit-film?film=7');
    await user.click(screen.getByTestId('film-delete'));
    await user.click(await screen.findByTestId('film-delete-confirm'));
    expect(await screen.findByTestId('film-delete-error')).toHaveTextContent('This film has active submissions.');
  });
});
