import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import type { InquiryAnswer } from '../../api/inquiries';
import { renderPage, stubApi, type Answer } from '../../test/utils';
import { FestivalInquiry } from './FestivalInquiry';

afterEach(() => vi.unstubAllGlobals());

/** stubAsk answers POST /api/v1/inquiries with each answer in turn (the last one repeats). */
function stubAsk(...answers: Answer[]) {
  let n = 0;
  return stubApi({ 'POST /api/v1/inquiries': () => answers[Math.min(n++, answers.length - 1)] });
}

const renderInquiry = () => renderPage(<FestivalInquiry />);

const answer: InquiryAnswer = {
  answer: 'One festival on Marquee matches your question:',
  festivals: [
    {
      slug: 'lisbon-documentary-days', name: 'Lisbon Documentary Days', startDate: '2027-04-10', endDate: '2027-04-15',
      location: 'Cinema São Jorge, Lisbon', city: 'Lisbon', country: 'PT', nextDeadline: '2027-01-10', nextFee: 30,
    },
    {
      slug: '東京アニメーション映画祭', name: '東京アニメーション映画祭', startDate: '2027-02-10', endDate: '2027-02-14',
      location: '東京、日本', city: '東京', country: 'JP', nextDeadline: '', nextFee: null,
    },
  ],
};

const questionBox = () => screen.findByRole('textbox', { name: 'Your question' });
const sentQuestions = (fetch: ReturnType<typeof stubAsk>) => fetch.mock.calls.map(([, init]) => JSON.parse(String(init?.body)).question);

describe('FestivalInquiry', () => {
  it('shows how to use it and fills the 4-row question box from an example', async () => {
    stubAsk({ status: 200, body: answer });
    renderInquiry();
    const box = await questionBox();
    expect(box.tagName).toBe('TEXTAREA');
    expect(box).toHaveAttribute('rows', '4');
    expect(screen.getByRole('heading', { name: 'Ask About Any Film Festival' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How to use' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    const example = screen.getByRole('button', { name: /Which short film festivals are open now\?/ });
    expect(example).toHaveTextContent('Festivals still taking submissions');
    await userEvent.setup().click(example);
    expect(box).toHaveValue('Which short film festivals are open now?');
  });

  it('sends nothing for an empty or whitespace-only question', async () => {
    const fetch = stubAsk({ status: 200, body: answer });
    renderInquiry();
    const user = userEvent.setup();
    const ask = await screen.findByRole('button', { name: 'Ask Now' });
    await user.click(ask);
    await user.type(await questionBox(), '   {enter}  ');
    await user.click(ask);
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByText('Answer:')).toBeNull();
  });

  it('shows Loading... on a disabled button while busy and sends once', async () => {
    const fetch = stubAsk('pending');
    renderInquiry();
    const user = userEvent.setup();
    await user.type(await questionBox(), '  Festivals in Tokyo  ');
    await user.click(screen.getByRole('button', { name: 'Ask Now' }));
    const busy = await screen.findByRole('button', { name: 'Loading...' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(sentQuestions(fetch)).toEqual(['Festivals in Tokyo']);
  });

  it('shows the answer under Answer: with each festival linking to its page', async () => {
    stubAsk({ status: 200, body: answer }, { status: 200, body: { answer: '  ', festivals: [] } });
    renderInquiry();
    const user = userEvent.setup();
    await user.type(await questionBox(), 'documentary festivals in Lisbon');
    await user.click(screen.getByRole('button', { name: 'Ask Now' }));
    expect(await screen.findByText('Answer:')).toBeInTheDocument();
    expect(screen.getByTestId('inquiry-answer-text')).toHaveTextContent('One festival on Marquee matches your question:');
    const items = screen.getAllByTestId('inquiry-festival');
    expect(items).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Lisbon Documentary Days' })).toHaveAttribute('href', '/festival/lisbon-documentary-days');
    expect(screen.getByRole('link', { name: '東京アニメーション映画祭' })).toHaveAttribute(
      'href',
      `/festival/${encodeURIComponent('東京アニメーション映画祭')}`,
    );
    // City and country, as on the festival cards (not the free-text location).
    expect(within(items[0]).getByText('Lisbon, Portugal')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Next deadline: Jan 10, 2027');
    expect(items[0]).toHaveTextContent('from 30 credits');
    expect(items[0]).toHaveTextContent(/Apr 10.*15, 2027/);
    expect(items[1]).toHaveTextContent('Submissions closed');
    expect(screen.getByRole('button', { name: 'Ask Now' })).toBeEnabled();

    // An empty answer reads 'No response', and offers the search.
    await user.click(screen.getByRole('button', { name: 'Ask Now' }));
    await waitFor(() => expect(screen.getByTestId('inquiry-answer-text')).toHaveTextContent('No response'));
    expect(screen.getByRole('link', { name: 'Search all festivals' })).toHaveAttribute('href', '/festivals');
  });

  it('names a Japanese festival’s country once on a Japanese card (東京, 日本)', async () => {
    stubAsk({ status: 200, body: answer });
    await act(() => i18n.changeLanguage('ja'));
    renderInquiry();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'ご質問' }), '東京の映画祭');
    await user.click(screen.getByRole('button', { name: '今すぐ質問' }));
    const items = await screen.findAllByTestId('inquiry-festival');
    expect(within(items[1]).getByText('東京, 日本')).toBeInTheDocument();
    expect(items[1].textContent?.match(/日本/g)).toHaveLength(1);
  });

  it('shows the notice when the answer comes from the data only', async () => {
    stubAsk({ status: 200, body: { ...answer, notice: 'The assistant is unavailable right now.' } });
    renderInquiry();
    const user = userEvent.setup();
    await user.type(await questionBox(), 'Lisbon');
    await user.click(screen.getByRole('button', { name: 'Ask Now' }));
    expect(await screen.findByTestId('inquiry-notice')).toHaveTextContent('The assistant is unavailable right now.');
  });

  it('shows errors in red: the server message, else An error occurred', async () => {
    stubAsk(
      { status: 429, body: { message: 'Too many questions. Try again later.', code: 'rate_limited' } },
      'network',
    );
    renderInquiry();
    const user = userEvent.setup();
    await user.type(await questionBox(), 'Festivals in Tokyo');
    await user.click(screen.getByRole('button', { name: 'Ask Now' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many questions. Try again later.');
    expect(alert.getAttribute('style') ?? '').toContain('red');
    await user.click(screen.getByRole('button', { name: 'Ask Now' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('An error occurred'));
    expect(screen.queryByText('Answer:')).toBeNull();
  });
});
