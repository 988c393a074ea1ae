import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { BatchResultAlert } from './batch-result-alert';

describe('BatchResultAlert', () => {
  it('names each refused student with the reason, and closes', async () => {
    const onClose = vi.fn();
    renderWithProviders(
      <BatchResultAlert
        title="Accept: 1 done, 2 refused"
        color="red.9"
        refused={[
          { enrolmentId: 7, reason: 'Not an applicant' },
          { enrolmentId: 9, reason: 'On a study break' },
        ]}
        nameOf={(id) => (id === 7 ? 'Sol, Amina (501)' : `Enrolment ${id}`)}
        onClose={onClose}
      />,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Accept: 1 done, 2 refused');
    expect(
      within(status)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Sol, Amina (501): Not an applicant', 'Enrolment 9: On a study break']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('has no list when none was refused', () => {
    renderWithProviders(
      <BatchResultAlert
        title="Moved: 3 done"
        color="teal.9"
        refused={[]}
        nameOf={String}
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Moved: 3 done');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
