import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '../../test/utils';
import SubmissionToolsPage from './SubmissionToolsPage';

afterEach(() => vi.unstubAllGlobals());
// jsdom has no document.fonts, which the autosized message boxes listen to.
beforeAll(() => {
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
});

const routes = [{ path: '/manage/festivals/:slug/submission-tools', Component: SubmissionToolsPage }];
const base = '/api/v1/manage/festivals/kobe';

describe('SubmissionToolsPage', () => {
  it('gives the festival’s team its tools', async () => {
    stubApi({
      [`GET ${base}/statuses`]: { status: 200, body: { statuses: [] } },
      'GET /api/v1/festivals/kobe/questions': { status: 200, body: { questions: [] } },
      [`GET ${base}/extensions`]: { status: 200, body: { extensions: [] } },
      [`GET ${base}/notice-texts`]: { status: 200, body: { texts: [], defaults: [], placeholders: ['film'] } },
    });
    renderPage(routes, ['/manage/festivals/kobe/submission-tools']);
    expect(await screen.findByTestId('bulk')).toBeInTheDocument();
    expect(screen.getByTestId('notice-texts')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells anyone else the festival is not found, with no form to use', async () => {
    stubApi({ 'GET /api/v1/festivals/kobe/questions': { status: 200, body: { questions: [] } } });
    renderPage(routes, ['/manage/festivals/kobe/submission-tools']);
    expect(await screen.findByTestId('tools-error')).toHaveTextContent(/not found/i);
    for (const id of ['questions', 'statuses', 'extensions', 'notice-texts', 'bulk']) expect(screen.queryByTestId(id)).toBeNull();
  });
});
