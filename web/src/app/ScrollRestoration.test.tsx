import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollRestoration } from './ScrollRestoration';
import { renderWithProviders } from '../test/utils';

function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      back
    </button>
  );
}

function Pages() {
  return (
    <>
      <ScrollRestoration />
      <Link to="/b">to b</Link>
      <Link to="/c#part">to c part</Link>
      <Back />
      <Routes>
        <Route path="/" element={<p>page a</p>} />
        <Route path="/b" element={<p>page b</p>} />
        <Route path="/c" element={<p id="part">page c</p>} />
      </Routes>
    </>
  );
}

/** scrollWindow moves the window as a visitor's scrolling would. */
function scrollWindow(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

let scrollTo: ReturnType<typeof vi.fn>;
beforeEach(() => {
  window.sessionStorage.clear();
  scrollTo = vi.fn((_x: number, y: number) => Object.defineProperty(window, 'scrollY', { value: y, configurable: true }));
  vi.stubGlobal('scrollTo', scrollTo);
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('ScrollRestoration', () => {
  it('starts a new page at the top and returns to the old position on Back', async () => {
    renderWithProviders(<Pages />);
    expect(screen.getByText('page a')).toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalled();

    scrollWindow(640);
    await userEvent.click(screen.getByRole('link', { name: 'to b' }));
    expect(await screen.findByText('page b')).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    await userEvent.click(screen.getByRole('button', { name: 'back' }));
    expect(await screen.findByText('page a')).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });

  it("scrolls to the element a link's hash names", async () => {
    const intoView = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => {});
    renderWithProviders(<Pages />);
    await userEvent.click(screen.getByRole('link', { name: 'to c part' }));
    expect(await screen.findByText('page c')).toBeInTheDocument();
    expect(intoView.mock.contexts).toContain(screen.getByText('page c'));
    expect(scrollTo).not.toHaveBeenCalled();
    intoView.mockRestore();
  });

  it('keeps the positions for a reload of the tab', async () => {
    renderWithProviders(<Pages />);
    scrollWindow(300);
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    const saved = JSON.parse(window.sessionStorage.getItem('marquee-scroll-positions') ?? '{}') as Record<string, number>;
    expect(Object.values(saved)).toEqual([300]);
  });
});
