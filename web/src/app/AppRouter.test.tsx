import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { lazy, Suspense, useState } from 'react';
import { Link, Outlet, useRoutes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../i18n';
import { theme } from '../theme';
import { AppRouter } from './AppRouter';
import { NavigationProgress, useMainProps } from './NavigationProgress';

function Layout() {
  const mainProps = useMainProps();
  return (
    <>
      <NavigationProgress />
      <main data-testid="main" {...mainProps}>
        <Outlet />
      </main>
    </>
  );
}

function FirstPage() {
  const [email, setEmail] = useState('');
  return (
    <>
      <label>
        Email <input value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <Link to="/next">Next</Link>
    </>
  );
}

let release: () => void = () => {};
const NextPage = lazy(
  () =>
    new Promise<{ default: () => React.JSX.Element }>((resolve) => {
      release = () => resolve({ default: () => <h1>Next page</h1> });
    }),
);

function Routes() {
  return useRoutes([{ path: '/', element: <Layout />, children: [{ index: true, element: <FirstPage /> }, { path: 'next', element: <NextPage /> }] }]);
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('AppRouter', () => {
  it('keeps the page being left on screen but takes no input from it until the next page is ready', async () => {
    window.history.replaceState(null, '', '/');
    render(
      <MantineProvider theme={theme} env="test">
        <Suspense fallback={<p>suspended</p>}>
          <AppRouter>
            <Routes />
          </AppRouter>
        </Suspense>
      </MantineProvider>,
    );
    expect(screen.getByTestId('main')).not.toHaveAttribute('inert');
    expect(screen.getByTestId('main')).toHaveAttribute('data-path', '/');
    expect(screen.queryByTestId('navigation-progress')).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Next' }));
    // The address has changed; the next page's code has not arrived.
    expect(window.location.pathname).toBe('/next');
    expect(await screen.findByTestId('navigation-progress')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByTestId('main')).toHaveAttribute('inert');
    expect(screen.getByTestId('main')).toHaveAttribute('aria-busy', 'true');
    // The page on screen is still the one being left.
    expect(screen.getByTestId('main')).toHaveAttribute('data-path', '/');

    await act(async () => release());
    expect(await screen.findByRole('heading', { name: 'Next page' })).toBeInTheDocument();
    expect(screen.getByTestId('main')).not.toHaveAttribute('inert');
    expect(screen.getByTestId('main')).toHaveAttribute('data-path', '/next');
    expect(screen.queryByTestId('navigation-progress')).toBeNull();
  });
});
