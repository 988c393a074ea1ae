import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Attempt } from '@lantern/contracts/learning-work';
import { i18n } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { AttemptsList } from './attempts-list';

const DECISION: NonNullable<Attempt['decision']> = {
  outcome: 'graded',
  points: 7,
  maxPoints: 10,
  comment: 'Good structure.',
  publishedAt: '2027-03-02T10:00:00.000Z',
  underReview: false,
};

const ATTEMPT: Attempt = {
  id: 71,
  clientId: '6f1c1b7e-8a4e-4f0e-9a39-3f7f0f7f0f71',
  attempt: 1,
  status: 'submitted',
  text: 'My essay.',
  wordCount: 2,
  late: false,
  submittedAt: '2027-03-01T10:00:00.000Z',
  updatedAt: '2027-03-01T10:00:00.000Z',
  version: 2,
  files: [],
  decision: DECISION,
};

describe('AttemptsList', () => {
  it('shows the published grade and its comment', () => {
    renderWithProviders(<AttemptsList attempts={[ATTEMPT]} highlight={null} />);
    expect(screen.getByText('Graded: 7 of 10 points')).toBeVisible();
    expect(screen.getByText('Good structure.')).toBeVisible();
  });

  it('shows "Under review" instead of the grade while a request on it is open, in en and ar', async () => {
    const reviewed = { ...ATTEMPT, decision: { ...DECISION, underReview: true } };
    const { unmount } = renderWithProviders(
      <AttemptsList attempts={[reviewed]} highlight={null} />,
    );
    expect(screen.getByText('Under review')).toBeVisible();
    expect(screen.queryByText(/7 of 10/)).toBeNull();
    expect(screen.queryByText('Good structure.')).toBeNull();
    unmount();
    const ar = (await import('../../../locales/ar.json')).default as Record<string, string>;
    i18n.addResourceBundle('ar', 'translation', ar, true, true);
    await i18n.changeLanguage('ar');
    try {
      renderWithProviders(<AttemptsList attempts={[reviewed]} highlight={null} />);
      expect(screen.getByText('قيد المراجعة')).toBeVisible();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
