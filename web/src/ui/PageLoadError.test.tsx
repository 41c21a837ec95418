import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { PageLoadError } from './PageLoadError';
import { renderPage } from '../test/utils';

function show(error: unknown) {
  renderPage(
    <PageLoadError
      error={error}
      ns="tickets"
      notFoundTitle="Ticket not found"
      errorTitle="Could not load"
      backTo="/tickets"
      backLabel="Back to my tickets"
      testId="load-error"
    />,
  );
}

describe('PageLoadError', () => {
  it('says only "not found" for a 404, with the way back', async () => {
    show(new ApiError(404, { message: 'Ticket not found: 42', code: 'not_found' }));
    const notice = await screen.findByTestId('load-error');
    expect(notice).toHaveTextContent('Ticket not found');
    expect(notice).not.toHaveTextContent('42');
    expect(screen.getByRole('link', { name: 'Back to my tickets' })).toHaveAttribute('href', '/tickets');
  });

  it('gives any other failure its title and the API’s message', async () => {
    show(new ApiError(500, { message: 'The database is away' }));
    const notice = await screen.findByTestId('load-error');
    expect(notice).toHaveTextContent('Could not load');
    expect(notice).toHaveTextContent('The database is away');
    expect(screen.getByRole('alert')).toBe(notice);
  });
});
