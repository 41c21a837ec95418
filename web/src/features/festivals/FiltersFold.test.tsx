import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FiltersFold } from './FiltersFold';
import { renderWithProviders } from '../../test/utils';

describe('FiltersFold', () => {
  it('folds the filters behind a button that tells how many are in use', async () => {
    renderWithProviders(
      <FiltersFold active={2}>
        <p>country and month</p>
      </FiltersFold>,
    );
    const toggle = await screen.findByRole('button', { name: 'Filters (2 in use)' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel).toHaveTextContent('country and month');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).toHaveAttribute('data-folded', 'true');

    await userEvent.setup().click(toggle);
    expect(screen.getByRole('button', { name: 'Hide filters' })).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveAttribute('data-folded', 'false');
  });

  it('says just Filters when none is in use', async () => {
    renderWithProviders(
      <FiltersFold active={0}>
        <p>filters</p>
      </FiltersFold>,
    );
    expect(await screen.findByRole('button', { name: 'Filters' })).toBeInTheDocument();
  });
});
