import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { DateField } from './date-field';

describe('DateField', () => {
  it('shows a day as pages write it, whatever the browser locale', () => {
    renderWithProviders(<DateField label="Start date" value="2026-12-07" onChange={vi.fn()} />);
    expect(screen.getByLabelText('Start date')).toHaveValue('7 Dec 2026');
  });

  it.each([['2026-09-01'], ['1 Sep 2026'], ['1 september 2026'], ['01/09/2026']])(
    'takes "%s" as the calendar day 2026-09-01',
    (typed) => {
      const onChange = vi.fn();
      renderWithProviders(<DateField label="Start date" value="" onChange={onChange} />);
      fireEvent.change(screen.getByLabelText('Start date'), { target: { value: typed } });
      expect(onChange).toHaveBeenLastCalledWith('2026-09-01');
    },
  );

  it('takes no impossible day', () => {
    const onChange = vi.fn();
    renderWithProviders(<DateField label="Start date" value="" onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '31 Feb 2026' } });
    expect(onChange).not.toHaveBeenCalledWith(expect.stringMatching(/^2026/));
  });

  it('names its clear button', () => {
    renderWithProviders(<DateField label="Start date" value="2026-12-07" onChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Clear the date' })).toBeInTheDocument();
  });
});
