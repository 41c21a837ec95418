import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/utils';
import { ConfirmDialog } from './ConfirmDialog';

const dialog = (over: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) => {
  const props = {
    opened: true,
    title: 'Remove the judge?',
    onClose: vi.fn(),
    onConfirm: vi.fn(),
    pending: false,
    cancelLabel: 'Cancel',
    confirmLabel: 'Remove',
    children: <p>Ana will no longer judge.</p>,
    ...over,
  };
  renderWithProviders(<ConfirmDialog {...props} />);
  return props;
};

describe('ConfirmDialog', () => {
  it('asks, focuses Cancel, and confirms or cancels', async () => {
    const user = userEvent.setup();
    const props = dialog();
    expect(await screen.findByRole('dialog', { name: 'Remove the judge?' })).toHaveTextContent('Ana will no longer judge.');
    expect(screen.getAllByRole('button', { name: 'Cancel' }).at(-1)).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(props.onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getAllByRole('button', { name: 'Cancel' }).at(-1)!);
    expect(props.onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the failure and cannot be closed while the action runs', async () => {
    const user = userEvent.setup();
    const props = dialog({ pending: true, error: 'The judge has scores.', errorTestId: 'remove-error' });
    expect(await screen.findByTestId('remove-error')).toHaveTextContent('The judge has scores.');
    expect(screen.getAllByRole('button', { name: 'Cancel' }).at(-1)).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(props.onClose).not.toHaveBeenCalled();
  });
});
