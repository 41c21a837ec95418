import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactForm } from './ContactForm';
import { bodyOf, renderPage, stubApi } from '../../test/utils';

afterEach(() => vi.unstubAllGlobals());

async function fill(values: { name?: string; email?: string; subject?: string; message?: string }) {
  const user = userEvent.setup();
  if (values.name) await user.type(await screen.findByLabelText(/^Your name/), values.name);
  if (values.email) await user.type(screen.getByLabelText(/^Your e-mail/), values.email);
  if (values.subject) await user.type(screen.getByLabelText(/^Subject/), values.subject);
  if (values.message) await user.type(screen.getByRole('textbox', { name: /^Message/ }), values.message);
  return user;
}

const good = { name: 'Ana Ito', email: 'ana@example.com', subject: 'Festival question', message: 'When is the deadline?' };
const posts = (fetch: ReturnType<typeof stubApi>) => fetch.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('ContactForm', () => {
  it('labels every visible input and offers only four text fields to people', async () => {
    stubApi({});
    renderPage(<ContactForm />);
    expect(await screen.findByLabelText(/^Your name/)).toHaveAttribute('autocomplete', 'name');
    expect(screen.getByLabelText(/^Your e-mail/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Subject/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Message/ }).tagName).toBe('TEXTAREA');
    expect(screen.getAllByRole('textbox')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it('has a honeypot named website, hidden from people and assistive technology', async () => {
    stubApi({});
    renderPage(<ContactForm />);
    await screen.findByLabelText(/^Your name/);
    const trap = screen.getByTestId('contact-honeypot');
    expect(trap).toHaveAttribute('name', 'website');
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap).toHaveAttribute('aria-hidden', 'true');
    expect(trap).toHaveAttribute('autocomplete', 'off');
    const box = trap.parentElement!;
    expect(box).toHaveAttribute('aria-hidden', 'true');
    expect(box.style.position).toBe('absolute');
    expect(box.style.left).toBe('-10000px');
    expect(screen.queryByRole('textbox', { name: /leave this field empty/i })).toBeNull();
  });

  it('shows a translated message beside each empty field and sends nothing', async () => {
    const fetch = stubApi({});
    renderPage(<ContactForm />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send message' }));
    expect(screen.getByLabelText(/^Your name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Your name/)).toHaveAccessibleDescription('Please enter your name.');
    expect(screen.getByLabelText(/^Your e-mail/)).toHaveAccessibleDescription(
      expect.stringContaining('Please enter your e-mail address.'),
    );
    expect(screen.getByLabelText(/^Subject/)).toHaveAccessibleDescription('Please enter a subject.');
    expect(screen.getByRole('textbox', { name: /^Message/ })).toHaveAccessibleDescription(expect.stringContaining('Please write your message.'));
    expect(screen.getByLabelText(/^Your name/)).toHaveFocus();
    expect(posts(fetch)).toHaveLength(0);
  });

  it('explains a bad e-mail and a short message, and clears a fixed error while typing', async () => {
    stubApi({});
    renderPage(<ContactForm />);
    const user = await fill({ ...good, email: 'ana@example', message: 'Too short' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText('Please enter a valid e-mail address, such as name@example.com.')).toBeInTheDocument();
    expect(screen.getByText('Your message needs at least 10 characters.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Your e-mail/), '.com');
    expect(screen.queryByText(/valid e-mail address/)).toBeNull();
  });

  it('sends the trimmed message, confirms to the sender by e-mail address and clears the form', async () => {
    const fetch = stubApi({ 'POST /api/v1/contact': { status: 201, body: { message: 'Thank you!' } } });
    renderPage(<ContactForm />);
    const user = await fill({ ...good, name: '  Ana Ito  ' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const success = await screen.findByTestId('contact-success');
    expect(success).toHaveTextContent('We have received your message and will reply to ana@example.com');
    expect(bodyOf(posts(fetch)[0][1])).toEqual({ ...good, website: '' });
    expect(screen.getByLabelText(/^Your name/)).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /^Message/ })).toHaveValue('');
  });

  it('shows a busy button while sending', async () => {
    stubApi({ 'POST /api/v1/contact': 'pending' });
    renderPage(<ContactForm />);
    const user = await fill(good);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const busy = await screen.findByRole('button', { name: /Sending/ });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
  });

  it("shows the server's field errors beside the fields", async () => {
    stubApi({
      'POST /api/v1/contact': {
        status: 400,
        body: { message: 'Enter a valid email address', code: 'validation', fields: { email: 'Enter a valid email address' } },
      },
    });
    renderPage(<ContactForm />);
    const user = await fill(good);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Your e-mail/)).toHaveAccessibleDescription(expect.stringContaining('Enter a valid email address')),
    );
    expect(screen.getByLabelText(/^Your e-mail/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(screen.getByTestId('contact-error')).getByText(/correct the fields/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Your name/)).toHaveValue('Ana Ito');
  });

  it('translates rate limiting', async () => {
    stubApi({
      'POST /api/v1/contact': { status: 429, body: { message: 'Too many messages from your network.', code: 'rate_limited' } },
    });
    renderPage(<ContactForm />);
    const user = await fill(good);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByTestId('contact-error')).toHaveTextContent(
      'You have sent several messages in a short time. Please wait a while before trying again.',
    );
    expect(screen.getByLabelText(/^Subject/)).toHaveValue('Festival question');
  });

  it('says so when the server cannot be reached', async () => {
    stubApi({ 'POST /api/v1/contact': 'network' });
    renderPage(<ContactForm />);
    const user = await fill(good);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByTestId('contact-error')).toHaveTextContent('We could not reach the server');
  });
});
