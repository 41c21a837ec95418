import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import type { InquiryAnswer } from '../../api/inquiries';
import { renderPage } from '../../test/utils';
import { FestivalInquiry } from './FestivalInquiry';

afterEach(() => {
  vi.unstubAllGlobals();
  held = null;
});

/** A streamed answer's events, in order: [event, data]. */
type Events = [string, unknown][];
type Answer = { status: number; body: unknown } | { events: Events } | 'network' | 'pending' | 'held';

/** sse writes events as the server does. */
function sse(events: Events): string {
  return events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join('');
}

/** dataOnly is the data-only stream of an answer: one answer event, the festivals, done. */
function dataOnly(a: InquiryAnswer): { events: Events } {
  return {
    events: [
      ['answer', a.notice ? { answer: a.answer, notice: a.notice } : { answer: a.answer }],
      ['festivals', { festivals: a.festivals }],
      ['done', {}],
    ],
  };
}

/**
 * held is the stream of the last 'held' answer: the test pushes events
 * into it; the fetch's abort errors it, as a browser does.
 */
let held: { push: (events: Events) => void; end: () => void; aborted: () => boolean } | null = null;

/** stubAsk answers POST /api/v1/inquiries/stream with each answer in turn (the last one repeats). */
function stubAsk(...answers: Answer[]) {
  let n = 0;
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (init?.method !== 'POST' || !url.endsWith('/api/v1/inquiries/stream')) {
      return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    }
    const a = answers[Math.min(n++, answers.length - 1)];
    if (a === 'network') throw new TypeError('Failed to fetch');
    if (a === 'pending') return new Promise<Response>(() => {});
    if (a === 'held') {
      const encoder = new TextEncoder();
      let wasAborted = false;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          held = {
            push: (events) => controller.enqueue(encoder.encode(sse(events))),
            end: () => {
              try {
                controller.close();
              } catch {
                // Already cancelled by the reader.
              }
            },
            aborted: () => wasAborted,
          };
          init.signal?.addEventListener('abort', () => {
            wasAborted = true;
            controller.error(new DOMException('The user aborted a request.', 'AbortError'));
          });
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }
    if ('events' in a) {
      return new Response(sse(a.events), { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }
    return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
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
/**
 * writeQuestion puts a question in the box as a person pasting it does (one
 * input event). Typing it key by key re-renders the page at every key, which
 * made this file one of the slowest; the box's typing (spaces, Enter) is
 * tested key by key in the first tests.
 */
async function writeQuestion(user: ReturnType<typeof userEvent.setup>, text: string, box?: HTMLElement) {
  await user.click(box ?? (await questionBox()));
  await user.paste(text);
}
const sentBodies = (fetch: ReturnType<typeof stubAsk>) => fetch.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));
const sentQuestions = (fetch: ReturnType<typeof stubAsk>) => sentBodies(fetch).map((b) => b.question);

describe('FestivalInquiry', () => {
  it('shows how to use it and fills the 4-row question box from an example', async () => {
    stubAsk(dataOnly(answer));
    renderInquiry();
    const box = await questionBox();
    expect(box.tagName).toBe('TEXTAREA');
    expect(box).toHaveAttribute('rows', '4');
    expect(screen.getByRole('heading', { name: 'Ask About Any Film Festival' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How to use' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    const example = screen.getByRole('button', { name: /Which short film festivals are open now\?/ });
    expect(example).toHaveTextContent('Festivals still taking submissions');
    await userEvent.setup().click(example);
    expect(box).toHaveValue('Which short film festivals are open now?');
  });

  it('sends nothing for an empty or whitespace-only question', async () => {
    const fetch = stubAsk(dataOnly(answer));
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
    expect(sentBodies(fetch)[0].history).toEqual([]);
  });

  it('shows the answer under Answer: with each festival linking to its page', async () => {
    stubAsk(dataOnly(answer), dataOnly({ answer: '  ', festivals: [] }));
    renderInquiry();
    const user = userEvent.setup();
    await writeQuestion(user, 'documentary festivals in Lisbon');
    await user.click(screen.getByRole('button', { name: 'Ask Now' }));
    expect(await screen.findByText('Answer:')).toBeInTheDocument();
    expect(screen.getByTestId('inquiry-question')).toHaveTextContent('You asked: documentary festivals in Lisbon');
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
    // The box is empty for a follow-up.
    const box = await questionBox();
    expect(box).toHaveValue('');
    expect(box).toHaveAttribute('placeholder', 'Ask a follow-up, such as “and in Japan?”, or a new question.');
    expect(screen.getByRole('button', { name: 'Ask Now' })).toBeEnabled();

    // An empty answer reads 'No response', and offers the search.
    await writeQuestion(user, 'Festivals on Mars', box);
    await user.click(screen.getByRole('button', { name: 'Ask Now' }));
    await waitFor(() => expect(screen.getAllByTestId('inquiry-answer-text')[1]).toHaveTextContent('No response'));
    expect(screen.getByRole('link', { name: 'Search all festivals' })).toHaveAttribute('href', '/festivals');
  });

  it('renders the answer as it streams, with its festival links, then the festivals', async () => {
    stubAsk('held');
    renderInquiry();
    const user = userEvent.setup();
    await writeQuestion(user, 'Documentary festivals with a deadline in December');
    await user.click(screen.getByRole('button', { name: 'Ask Now' }));
    await waitFor(() => expect(held).not.toBeNull());
    expect(await screen.findByTestId('inquiry-answer-text')).toHaveTextContent('Writing the answer…');
    act(() => held!.push([['text', { delta: 'Two festivals: ' }]]));
    await waitFor(() => expect(screen.getByTestId('inquiry-answer-text')).toHaveTextContent('Two festivals:'));
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(screen.queryAllByTestId('inquiry-festival')).toHaveLength(0);
    act(() =>
      held!.push([
        ['text', { delta: '[Lisbon Documentary Days](/festival/lisbon-documentary-days) and ' }],
        ['text', { delta: `[東京アニメーション映画祭](/festival/${encodeURIComponent('東京アニメーション映画祭')}); [elsewhere](https://example.com).` }],
      ]),
    );
    const text = screen.getByTestId('inquiry-answer-text');
    await waitFor(() => expect(text).toHaveTextContent('Two festivals: Lisbon Documentary Days and 東京アニメーション映画祭; [elsewhere](https://example.com).'));
    expect(within(text).getByRole('link', { name: 'Lisbon Documentary Days' })).toHaveAttribute('href', '/festival/lisbon-documentary-days');
    expect(within(text).getByRole('link', { name: '東京アニメーション映画祭' })).toHaveAttribute(
      'href',
      `/festival/${encodeURIComponent('東京アニメーション映画祭')}`,
    );
    expect(within(text).getAllByRole('link')).toHaveLength(2); // no link to another site
    act(() => {
      held!.push([['festivals', { festivals: answer.festivals }], ['done', {}]]);
      held!.end();
    });
    await waitFor(() => expect(screen.getAllByTestId('inquiry-festival')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Ask Now' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
  });

  it('stops an answer with Stop, keeping what came, and asks again', async () => {
    const fetch = stubAsk('held', dataOnly(answer));
    renderInquiry();
    const user = userEvent.setup();
    await writeQuestion(user, 'Festivals in Tokyo');
    await user.click(screen.getByRole('button', { name: 'Ask Now' }));
    await waitFor(() => expect(held).not.toBeNull());
    act(() => held!.push([['text', { delta: 'In Tokyo there are' }]]));
    await waitFor(() => expect(screen.getByTestId('inquiry-answer-text')).toHaveTextContent('In Tokyo there are'));
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByTestId('inquiry-stopped')).toHaveTextContent('Stopped: the answer above is incomplete.');
    expect(held!.aborted()).toBe(true);
    expect((fetch.mock.calls[0][1] as RequestInit).signal?.aborted).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('inquiry-answer-text')).toHaveTextContent('In Tokyo there are');
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    // A follow-up carries the stopped turn.
    await writeQuestion(user, 'and in Osaka?');
    await user.click(screen.getByRole('button', { name: 'Ask Now' }));
    await waitFor(() => expect(screen.getAllByTestId('inquiry-answer')).toHaveLength(2));
    expect(sentBodies(fetch)[1].history).toEqual([
      { role: 'user', text: 'Festivals in Tokyo' },
      { role: 'assistant', text: 'In Tokyo there are' },
    ]);
  });

  it('sends the last turns of the conversation with a follow-up, and forgets them on New conversation', async () => {
    const fetch = stubAsk(
      dataOnly({ ...answer, answer: 'One in Lisbon.' }),
      dataOnly({ ...answer, answer: 'x'.repeat(2500) }),
      dataOnly({ ...answer, answer: 'Three.' }),
      dataOnly({ ...answer, answer: 'Four.' }),
      dataOnly({ ...answer, answer: 'Five.' }),
    );
    renderInquiry();
    const user = userEvent.setup();
    for (const [i, q] of ['Documentary festivals in Lisbon', 'and in Japan?', 'in March?', 'free ones?'].entries()) {
      await writeQuestion(user, q);
      await user.click(screen.getByRole('button', { name: 'Ask Now' }));
      await waitFor(() => expect(screen.getAllByTestId('inquiry-answer')).toHaveLength(i + 1));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Ask Now' })).toBeEnabled());
    }
    const bodies = sentBodies(fetch);
    expect(bodies[1].history).toEqual([
      { role: 'user', text: 'Documentary festivals in Lisbon' },
      { role: 'assistant', text: 'One in Lisbon.' },
    ]);
    // At most 6 turns, each at most 2,000 characters.
    expect(bodies[3].history).toHaveLength(6);
    expect(bodies[3].history[0]).toEqual({ role: 'user', text: 'Documentary festivals in Lisbon' });
    expect(bodies[3].history[3].text).toHaveLength(2000);
    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    expect(screen.queryByTestId('inquiry-conversation')).toBeNull();
    await writeQuestion(user, 'Festivals in Paris');
    await user.click(screen.getByRole('button', { name: 'Ask Now' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(5));
    expect(sentBodies(fetch)[4].history).toEqual([]);
  });

  it('names a Japanese festival’s country once on a Japanese card (東京, 日本)', async () => {
    stubAsk(dataOnly(answer));
    await act(() => i18n.changeLanguage('ja'));
    renderInquiry();
    const user = userEvent.setup();
    await writeQuestion(user, '東京の映画祭', await screen.findByRole('textbox', { name: 'ご質問' }));
    await user.click(screen.getByRole('button', { name: '今すぐ質問' }));
    const items = await screen.findAllByTestId('inquiry-festival');
    expect(within(items[1]).getByText('東京, 日本')).toBeInTheDocument();
    expect(items[1].textContent?.match(/日本/g)).toHaveLength(1);
    expect(screen.getByRole('button', { name: '新しい会話' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows the notice when the answer comes from the data only, replacing the text before it', async () => {
    stubAsk({
      events: [
        ['text', { delta: 'In Lisbon' }],
        ['answer', { answer: 'One festival on Marquee matches your question:', notice: 'The assistant is unavailable right now.' }],
        ['festivals', { festivals: answer.festivals }],
        ['done', {}],
      ],
    });
    renderInquiry();
    const user = userEvent.setup();
    await writeQuestion(user, 'Lisbon');
    await user.click(screen.getByRole('button', { name: 'Ask Now' }));
    expect(await screen.findByTestId('inquiry-notice')).toHaveTextContent('The assistant is unavailable right now.');
    expect(screen.getByTestId('inquiry-answer-text')).toHaveTextContent(/^One festival on Marquee matches your question:$/);
  });

  it('shows errors in red: the server message, else An error occurred; the question goes back in the box', async () => {
    stubAsk(
      { status: 429, body: { message: 'Too many questions. Try again later.', code: 'rate_limited' } },
      'network',
      { events: [['text', { delta: 'Half an' }], ['error', { message: 'Something went wrong on our side.', code: 'internal', status: 500 }]] },
    );
    renderInquiry();
    const user = userEvent.setup();
    await writeQuestion(user, 'Festivals in Tokyo');
    await user.click(screen.getByRole('button', { name: 'Ask Now' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many questions. Try again later.');
    expect(alert.getAttribute('style') ?? '').toContain('red');
    expect(await questionBox()).toHaveValue('Festivals in Tokyo');
    expect(screen.queryByText('Answer:')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ask Now' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('An error occurred'));
    expect(screen.queryByText('Answer:')).toBeNull();
    // An error after the answer began keeps what came.
    await user.click(screen.getByRole('button', { name: 'Ask Now' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong on our side.'));
    expect(screen.getByTestId('inquiry-answer-text')).toHaveTextContent('Half an');
  });
});
