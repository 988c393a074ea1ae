import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { DialogActions } from './dialog-actions';

describe('DialogActions', () => {
  it('goes back, or confirms by its own click', async () => {
    const onBack = vi.fn();
    const onConfirm = vi.fn();
    renderWithProviders(
      <DialogActions
        failure="The class is not empty"
        onBack={onBack}
        label="Delete class"
        color="red.9"
        onConfirm={onConfirm}
      />,
    );
    const user = userEvent.setup();
    expect(screen.getByRole('alert')).toHaveTextContent('The class is not empty');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Delete class' }));
    expect(onBack).toHaveBeenCalledOnce();
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('submits its form when it has no confirm handler', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => {
      event.preventDefault();
    });
    renderWithProviders(
      <form onSubmit={onSubmit}>
        <DialogActions onBack={vi.fn()} backLabel="Cancel" label="Add applicant" />
      </form>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveAttribute('type', 'button');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add applicant' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});
