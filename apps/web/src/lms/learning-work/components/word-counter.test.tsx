import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { countWords } from '@lantern/contracts/words';
import { WORD_COUNT_SAMPLES } from '@lantern/contracts/words-samples';
import '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { WordCounter } from './word-counter';

// The answer box counts words in the browser with the same counter the server checks the
// task's bounds with; these samples are also sent through the API's draft route in its tests,
// so a learner never sees "120 words" and is told "Not enough words." for the same text.
describe('the word counter in the browser', () => {
  it.each(WORD_COUNT_SAMPLES)('counts $label as the server does', ({ text, words }) => {
    expect(countWords(text)).toBe(words);
  });

  it('shows the count with the task’s bounds, marked when outside them', () => {
    const sample = WORD_COUNT_SAMPLES[1];
    const count = countWords(sample?.text ?? '');
    renderWithProviders(<WordCounter count={count} min={10} max={null} />);
    expect(screen.getByText(`${count} words (at least 10 words)`)).toBeTruthy();
  });
});
