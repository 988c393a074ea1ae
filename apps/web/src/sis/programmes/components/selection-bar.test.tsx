import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ENROLMENT_ACTIONS } from '@lantern/contracts/programme';
import { renderWithProviders } from '../../../test/render';
import { SelectionBar } from './selection-bar';

describe('SelectionBar', () => {
  it('offers each action, with how many it applies to when not all, and clears', async () => {
    const onAct = vi.fn();
    const onClear = vi.fn();
    renderWithProviders(
      <SelectionBar
        count={3}
        actions={[
          { action: 'finalize', applicable: 3 },
          { action: 'fail', applicable: 2 },
        ]}
        onAct={onAct}
        onClear={onClear}
      />,
    );
    const bar = screen.getByRole('region', { name: 'Selected students' });
    expect(bar).toHaveTextContent('3 selected');
    const user = userEvent.setup();
    await user.click(within(bar).getByRole('button', { name: ENROLMENT_ACTIONS.finalize.label }));
    await user.click(
      within(bar).getByRole('button', { name: `${ENROLMENT_ACTIONS.fail.label} (2)` }),
    );
    await user.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(onAct.mock.calls).toEqual([['finalize'], ['fail']]);
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('says when no action applies', () => {
    renderWithProviders(<SelectionBar count={1} actions={[]} onAct={vi.fn()} onClear={vi.fn()} />);
    expect(screen.getByText('No action applies to these students now.')).toBeInTheDocument();
  });
});
