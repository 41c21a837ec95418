import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Question } from '../api/submissionManagement';
import { renderWithProviders } from '../test/utils';
import { QuestionFields } from './QuestionFields';

afterEach(() => vi.unstubAllGlobals());

const questions: Question[] = [
  { id: 1, festivalId: 5, position: 0, kind: 'choice', label: 'Format', required: true, options: ['DCP', 'ProRes'] },
  { id: 2, festivalId: 5, position: 1, kind: 'yes_no', label: 'Premiere?', required: false, options: [] },
  { id: 3, festivalId: 5, position: 2, kind: 'long_text', label: 'Statement', required: false, options: [] },
];

function Harness({ errors, onValues }: { errors: Record<string, string>; onValues: (v: Record<number, string>) => void }) {
  const [values, setValues] = useState<Record<number, string>>({});
  return (
    <QuestionFields
      slug="kyoto"
      values={values}
      errors={errors}
      onChange={(id, v) => {
        const next = { ...values, [id]: v };
        setValues(next);
        onValues(next);
      }}
    />
  );
}

describe('QuestionFields', () => {
  it('asks each question by its kind, shows the server’s message per question, and reports answers by id', async () => {
    const fetch = vi.fn<(url: string) => Promise<Response>>(async () => new Response(JSON.stringify({ questions }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    const onValues = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness errors={{ 'answers.1': 'Answer this question' }} onValues={onValues} />);
    expect(await screen.findByText('Answer this question')).toBeInTheDocument();
    expect(String(fetch.mock.calls[0][0])).toBe('/api/v1/festivals/kyoto/questions');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.type(screen.getByRole('textbox', { name: 'Statement' }), 'Trains.');
    await user.click(screen.getByRole('combobox', { name: /Format/ }));
    await user.click(await screen.findByRole('option', { name: 'ProRes', hidden: true }));
    expect(onValues).toHaveBeenLastCalledWith({ 1: 'ProRes', 2: 'yes', 3: 'Trains.' });
  });

  it('shows nothing for a festival without questions', async () => {
    const fetch = vi.fn<(url: string) => Promise<Response>>(async () => new Response(JSON.stringify({ questions: [] }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<Harness errors={{}} onValues={() => {}} />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByTestId('question-fields')).not.toBeInTheDocument();
  });
});
