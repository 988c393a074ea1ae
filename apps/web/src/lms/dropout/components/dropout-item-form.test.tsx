import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DropoutItemInput } from '@lantern/contracts/dropout';
import { renderWithProviders } from '../../../test/render';
import { DropoutItemForm, NEW_ITEM_VALUES } from './dropout-item-form';

function renderForm() {
  const onSave = vi.fn<(data: DropoutItemInput) => Promise<void>>().mockResolvedValue(undefined);
  const onDraftChange = vi.fn<(draft: DropoutItemInput | null) => void>();
  renderWithProviders(
    <DropoutItemForm
      defaultValues={NEW_ITEM_VALUES}
      submitLabel="Create item"
      canEdit
      onSave={onSave}
      onDraftChange={onDraftChange}
    />,
  );
  return { onSave, onDraftChange };
}

describe('DropoutItemForm', () => {
  it('shows the spec’s fields, says what is wrong with the percent, and saves nothing then', async () => {
    const { onSave } = renderForm();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    expect(screen.getByRole('textbox', { name: /^Criteria/ })).toHaveValue(
      'Missed graded tasks due so far',
    );
    expect(screen.getByRole('textbox', { name: /^Action/ })).toHaveValue('Create a follow-up task');
    expect(screen.getByRole('switch', { name: /Ignore zero-point tasks/ })).toBeChecked();
    const percent = screen.getByRole('textbox', { name: /^Percent/ });
    // Emptied (the input itself keeps typed values within 1–100).
    await user.clear(percent);
    await user.click(screen.getByRole('button', { name: 'Create item' }));
    expect(await screen.findByText('Enter a percent from 1 to 100.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('asks for weeks instead of a percent for inactivity, and hands the valid draft to the preview', async () => {
    const { onSave, onDraftChange } = renderForm();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await waitFor(() => {
      expect(onDraftChange).toHaveBeenLastCalledWith(
        expect.objectContaining({ criterion: 'missed_tasks', percent: 50, weeks: null }),
      );
    });
    await user.click(screen.getByRole('textbox', { name: /^Criteria/ }));
    await user.click(
      screen.getByRole('option', { name: 'No submission and no progress', hidden: true }),
    );
    expect(screen.queryByRole('textbox', { name: /^Percent/ })).not.toBeInTheDocument();
    // Without weeks the draft is not valid: the preview asks nothing.
    await waitFor(() => {
      expect(onDraftChange).toHaveBeenLastCalledWith(null);
    });
    await user.type(screen.getByRole('textbox', { name: /^Weeks without activity/ }), '3');
    await waitFor(() => {
      expect(onDraftChange).toHaveBeenLastCalledWith(
        expect.objectContaining({ criterion: 'inactive', weeks: 3, percent: null }),
      );
    });
    await user.click(screen.getByRole('button', { name: 'Create item' }));
    await waitFor(() => {
      expect(onSave).toHaveBeenCalledWith(
        expect.objectContaining({ criterion: 'inactive', weeks: 3, percent: null }),
      );
    });
  });
});
