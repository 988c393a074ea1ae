import { describe, expect, it } from 'vitest';
import { ENROLMENT_STATES, PROGRAMME_STATUSES } from '@lantern/contracts/programme';
import { eventStatusOptions, insertPlaceholder, isStatusAllowed, statusLabel } from './mail-form';

describe('eventStatusOptions', () => {
  it('offers the student states for a student state change, completed as Passed', () => {
    const options = eventStatusOptions('student_state_changed');
    expect(options.map((o) => o.value)).toEqual([...ENROLMENT_STATES]);
    expect(options.find((o) => o.value === 'completed')?.label).toBe('Passed');
  });

  it('offers the programme statuses for a programme state change', () => {
    const options = eventStatusOptions('programme_state_changed');
    expect(options.map((o) => o.value)).toEqual([...PROGRAMME_STATUSES]);
    expect(options.find((o) => o.value === 'prep_done')?.label).toBe('Preparation done');
  });

  it('offers nothing for events without a status', () => {
    for (const event of [
      'application_received',
      'study_break_started',
      'study_break_ended',
      'certificate_issued',
    ] as const)
      expect(eventStatusOptions(event)).toEqual([]);
    expect(eventStatusOptions(null)).toEqual([]);
  });
});

describe('isStatusAllowed', () => {
  it('keeps a status only while the event allows it', () => {
    expect(isStatusAllowed('student_state_changed', 'failed')).toBe(true);
    expect(isStatusAllowed('programme_state_changed', 'failed')).toBe(false);
    expect(isStatusAllowed('certificate_issued', 'active')).toBe(false);
    expect(isStatusAllowed('certificate_issued', null)).toBe(true);
  });
});

describe('statusLabel', () => {
  it('names a state as the event reads it', () => {
    expect(statusLabel('student_state_changed', 'completed')).toBe('Passed');
    expect(statusLabel('programme_state_changed', 'running')).toBe('Running');
    expect(statusLabel('programme_state_changed', 'unknown')).toBe('unknown');
  });
});

describe('insertPlaceholder', () => {
  it('inserts at the caret and puts the caret after it', () => {
    expect(insertPlaceholder('Dear ,', 'firstName', 5, 5)).toEqual({
      text: 'Dear {{firstName}},',
      caret: 18,
    });
  });

  it('replaces a selection', () => {
    expect(insertPlaceholder('Dear NAME, welcome', 'firstName', 5, 9)).toEqual({
      text: 'Dear {{firstName}}, welcome',
      caret: 18,
    });
  });

  it('appends when there is no caret, and keeps positions within the text', () => {
    expect(insertPlaceholder('Hello ', 'programme', null, null)).toEqual({
      text: 'Hello {{programme}}',
      caret: 19,
    });
    expect(insertPlaceholder('ab', 'clc', 10, 12)).toEqual({ text: 'ab{{clc}}', caret: 9 });
  });
});
