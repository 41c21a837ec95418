import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Outlet, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { renderWithProviders } from '../test/utils';

function Broken(): never {
  throw new Error('page bug');
}

function Shell() {
  return (
    <>
      <nav>
        <Link to="/">home</Link>
      </nav>
      <RouteErrorBoundary>
        <Outlet />
      </RouteErrorBoundary>
    </>
  );
}

afterEach(() => vi.restoreAllMocks());

describe('RouteErrorBoundary', () => {
  it('shows the translated error page when a page throws, and the pages again after a navigation', async () => {
    // React reports the caught error and RouteError logs it: expected here.
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithProviders(
      <Routes>
        <Route path="/" element={<Shell />}>
          <Route index element={<p>home page</p>} />
          <Route path="broken" element={<Broken />} />
        </Route>
      </Routes>,
      { route: '/broken' },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Something went wrong | Marquee');
    expect(warn).toHaveBeenCalledWith('route error', expect.objectContaining({ message: 'page bug' }));
    expect(error).toHaveBeenCalled();
    expect(screen.queryByText('home page')).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'home' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
