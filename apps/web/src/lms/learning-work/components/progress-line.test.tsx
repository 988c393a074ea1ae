import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { ProgressLine } from './progress-line';

describe('ProgressLine', () => {
  it('shows a labelled bar and the count in words', () => {
    renderWithProviders(<ProgressLine done={2} total={8} label="Progress in BUS101" />);
    expect(screen.getByRole('progressbar', { name: 'Progress in BUS101' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(screen.getByText('2 of 8 done')).toBeInTheDocument();
  });

  it('says there is nothing to do yet instead of an empty bar when nothing is published', () => {
    renderWithProviders(<ProgressLine done={0} total={0} label="Progress in BUS102" />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('Nothing published to do yet')).toBeInTheDocument();
  });
});
