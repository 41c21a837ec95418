import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, renderPage, stubApi } from '../../test/utils';
import SubmitFestivalPage from './SubmitFestivalPage';
import { festival, isoInMonths, pickDate } from '../../test/fixtures/festivals';

afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/submit', Component: SubmitFestivalPage },
  { path: '/manage', element: <p>manage page</p> },
];
const posts = (fetch: ReturnType<typeof stubApi>) => fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
const start = isoInMonths(2, 10);
const end = isoInMonths(2, 12);

/**
 * fillForm fills the form as a person pasting each text does (an input event
 * a field); typed, key by key (an input event a key, Enter included): one
 * test types, since every key re-renders the form and typing made this the
 * slowest file of the unit tests.
 */
async function fillForm({ typed = false } = {}) {
  const user = userEvent.setup({ delay: null });
  const fill = async (field: HTMLElement, keys: string, text: string) => {
    if (typed) {
      await user.type(field, keys);
    } else {
      await user.click(field);
      await user.paste(text);
    }
  };
  await fill(await screen.findByLabelText(/^Festival Name/), '  Kyoto Shorts ', '  Kyoto Shorts ');
  await fill(screen.getByLabelText(/^Description/), 'Short films{Enter}from everywhere.', 'Short films\nfrom everywhere.');
  await fill(screen.getByLabelText(/^Location/), 'Kyoto Cinema', 'Kyoto Cinema');
  await pickDate(user, screen.getByLabelText(/^Start Date/), start);
  await pickDate(user, screen.getByLabelText(/^End Date/), end);
  await fill(screen.getByLabelText(/^Contact Email/), 'team@kyoto.example.jp', 'team@kyoto.example.jp');
  return user;
}

describe('SubmitFestivalPage', () => {
  it("shows the seed's title and fields in order, each labelled", async () => {
    stubApi({});
    renderPage(routes, ['/submit']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Submit Your Festival' })).toBeInTheDocument();
    expect(screen.getByText('Register Your Festival')).toBeInTheDocument();
    const form = screen.getByTestId('festival-form');
    const names = [...form.querySelectorAll('input[name], textarea[name], button[name]')]
      .map((el) => el.getAttribute('name'))
      .filter((n, i, all) => all.indexOf(n) === i);
    expect(names).toEqual(['name', 'description', 'location', 'startDate', 'endDate', 'contactEmail', 'country', 'city', 'website']);
    expect(screen.getByLabelText(/^Description/).tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText(/^Contact Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByRole('combobox', { name: /^Country/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit Festival' })).toBeEnabled();
    await waitFor(() => expect(document.title).toMatch(/^Submit Your Festival/));
  });

  it('explains every missing field beside it and sends nothing', async () => {
    const fetch = stubApi({});
    renderPage(routes, ['/submit']);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^Festival Name/), 'KS');
    await user.type(screen.getByLabelText(/^Contact Email/), 'team@kyoto');
    await user.click(screen.getByRole('button', { name: 'Submit Festival' }));
    expect(screen.getByLabelText(/^Festival Name/)).toHaveAccessibleDescription('Festival name must be 3 to 200 characters.');
    expect(screen.getByLabelText(/^Festival Name/)).toHaveFocus();
    expect(screen.getByLabelText(/^Location/)).toHaveAccessibleDescription(expect.stringContaining('Location is required.'));
    expect(screen.getByText('Start date is required.')).toBeInTheDocument();
    expect(screen.getByText('End date is required.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Contact Email/)).toHaveAccessibleDescription(
      'Enter a valid email address, such as name@example.com.',
    );
    await user.type(screen.getByLabelText(/^Festival Name/), 'F');
    expect(screen.queryByText(/must be 3 to 200/)).toBeNull();
    expect(posts(fetch)).toHaveLength(0);
  });

  it('sends ISO dates, confirms, points to /manage and clears every field', async () => {
    const fetch = stubApi({ 'POST /api/v1/festivals': { status: 201, body: { festival: festival({ status: 'pending' }) } } });
    renderPage(routes, ['/submit']);
    const user = await fillForm({ typed: true });
    await user.type(screen.getByLabelText(/^City/), 'Kyoto');
    await user.click(screen.getByRole('button', { name: 'Submit Festival' }));
    const success = await screen.findByTestId('submit-success');
    expect(success).toHaveTextContent('Festival submitted successfully!');
    expect(success).toHaveTextContent('An admin reviews "Kyoto Shorts" before it is public.');
    expect(within(success).getByRole('link', { name: /Manage your festivals/ })).toHaveAttribute('href', '/manage');
    expect(bodyOf(posts(fetch)[0][1])).toEqual({
      name: 'Kyoto Shorts',
      description: 'Short films\nfrom everywhere.',
      location: 'Kyoto Cinema',
      country: '',
      city: 'Kyoto',
      website: '',
      startDate: start,
      endDate: end,
      contactEmail: 'team@kyoto.example.jp',
    });
    expect(screen.getByLabelText(/^Festival Name/)).toHaveValue('');
    expect(screen.getByLabelText(/^Description/)).toHaveValue('');
    expect(screen.getByLabelText(/^Location/)).toHaveValue('');
    expect(screen.getByLabelText(/^City/)).toHaveValue('');
    expect(screen.getByLabelText(/^Contact Email/)).toHaveValue('');
    const form = screen.getByTestId('festival-form');
    expect(form.querySelector('input[name="startDate"]')).toHaveValue('');
    expect(form.querySelector('input[name="endDate"]')).toHaveValue('');
  });

  it('shows Submitting... on a disabled button while busy', async () => {
    stubApi({ 'POST /api/v1/festivals': 'pending' });
    renderPage(routes, ['/submit']);
    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Submit Festival' }));
    const busy = await screen.findByRole('button', { name: /Submitting\.\.\./ });
    expect(busy).toBeDisabled();
  });

  it("shows the server's field errors beside the fields", async () => {
    stubApi({
      'POST /api/v1/festivals': {
        status: 400,
        body: {
          message: 'Start date cannot be in the past',
          code: 'validation',
          fields: { startDate: 'Start date cannot be in the past' },
        },
      },
    });
    renderPage(routes, ['/submit']);
    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Submit Festival' }));
    expect(await screen.findByTestId('submit-error')).toHaveTextContent('❌ Error: Start date cannot be in the past');
    expect(screen.getByLabelText(/^Start Date/)).toHaveAccessibleDescription(
      expect.stringContaining('Start date cannot be in the past'),
    );
    expect(screen.getByLabelText(/^Festival Name/)).toHaveValue('  Kyoto Shorts ');
  });

  it("reports any other failure as 'Error: {message}' with a cross", async () => {
    stubApi({ 'POST /api/v1/festivals': { status: 500, body: { message: 'Internal error. Please try again later.', code: 'internal' } } });
    renderPage(routes, ['/submit']);
    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Submit Festival' }));
    const error = await screen.findByTestId('submit-error');
    expect(error).toHaveTextContent('❌ Error: Internal error. Please try again later.');
    expect(error).toHaveAttribute('role', 'alert');
    expect(screen.queryByTestId('submit-success')).toBeNull();
  });
});
