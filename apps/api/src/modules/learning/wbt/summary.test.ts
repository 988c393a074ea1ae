import { describe, expect, it } from 'vitest';
import { attemptState, scoState } from './summary';

describe('a SCORM 1.2 part’s state', () => {
  it('reads failed as a finished part that did not pass, so the attempt completes and fails', () => {
    const failed = scoState({ 'cmi.core.lesson_status': 'failed', 'cmi.core.score.raw': '73' });
    expect(failed).toEqual({ completion: 'completed', success: 'failed', scoreScaled: 0.73 });
    expect(attemptState([failed], 1, 'completed_or_passed')).toEqual({
      completion: 'completed',
      success: 'failed',
      scoreScaled: 0.73,
    });
    // 'passed' only, then, decides a training that asks for a pass.
    expect(attemptState([failed], 1, 'passed').completion).toBe('incomplete');
    expect(scoState({ 'cmi.core.lesson_status': 'incomplete' }).completion).toBe('incomplete');
  });
});
