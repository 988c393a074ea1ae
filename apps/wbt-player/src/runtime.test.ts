import { describe, expect, it } from 'vitest';
import { commitValues, startingValues } from './commits';
import type { RelayHttpService } from './player';
import { createScorm12Runtime } from './runtime12';
import { createScorm2004Runtime } from './runtime2004';

/** A commit transport that keeps what the runtime hands over. */
function recorder() {
  const commits: { values: Record<string, string>; terminate: boolean }[] = [];
  const service: RelayHttpService = {
    processHttpRequest(_url, params, immediate) {
      commits.push({ values: commitValues(params), terminate: immediate });
      return { result: true, errorCode: 0 };
    },
    updateSettings() {
      // Nothing to update.
    },
  };
  return { commits, service };
}

const learner = { id: '7', name: 'Doe, Jane' };

describe('the SCORM 1.2 runtime', () => {
  it('completes a SCO that only initialises and finishes', () => {
    const { commits, service } = recorder();
    const api = createScorm12Runtime(service);
    api.loadFromFlattenedJSON(
      startingValues({ standard: 'scorm12', cmi: {}, learner, mode: 'normal', credit: 'credit' }),
      '',
    );
    expect(api.LMSInitialize('')).toBe('true');
    expect(api.LMSFinish('')).toBe('true');
    const last = commits.at(-1);
    expect(last?.terminate).toBe(true);
    expect(last?.values['cmi.core.lesson_status']).toBe('completed');
  });

  it('keeps a status the SCO set', () => {
    const { commits, service } = recorder();
    const api = createScorm12Runtime(service);
    api.loadFromFlattenedJSON(
      startingValues({ standard: 'scorm12', cmi: {}, learner, mode: 'normal', credit: 'credit' }),
      '',
    );
    api.LMSInitialize('');
    api.LMSSetValue('cmi.core.lesson_status', 'incomplete');
    api.LMSFinish('');
    expect(commits.at(-1)?.values['cmi.core.lesson_status']).toBe('incomplete');
  });

  it('gives the manifest’s data to the SCO and fails a score under the mastery score', () => {
    const { commits, service } = recorder();
    const api = createScorm12Runtime(service);
    const cmi = {
      'cmi.student_data.mastery_score': '80',
      'cmi.launch_data': 'level=2',
      'cmi.student_data.max_time_allowed': '00:30:00',
      'cmi.student_data.time_limit_action': 'continue,no message',
    };
    api.loadFromFlattenedJSON(
      startingValues({ standard: 'scorm12', cmi, learner, mode: 'normal', credit: 'credit' }),
      '',
    );
    api.LMSInitialize('');
    for (const [name, value] of Object.entries(cmi)) {
      expect(api.LMSGetValue(name)).toBe(value);
      expect(api.LMSGetLastError()).toBe('0');
    }
    api.LMSSetValue('cmi.core.score.raw', '73');
    api.LMSSetValue('cmi.core.lesson_status', 'completed');
    api.LMSFinish('');
    expect(commits.at(-1)?.values['cmi.core.lesson_status']).toBe('failed');
  });
});

describe('the SCORM 2004 runtime', () => {
  it('gives the manifest’s objectives, pass mark and data, and fails a score under the pass mark', () => {
    const { commits, service } = recorder();
    const api = createScorm2004Runtime(service);
    const cmi = {
      'cmi.objectives.0.id': 'PRIMARYOBJ',
      'cmi.objectives.1.id': 'obj_etiquette',
      'cmi.scaled_passing_score': '0.8',
      'cmi.completion_threshold': '0.75',
      'cmi.launch_data': 'level=2',
    };
    api.loadFromFlattenedJSON(
      startingValues({ standard: 'scorm2004', cmi, learner, mode: 'normal', credit: 'credit' }),
      '',
    );
    expect(api.Initialize('')).toBe('true');
    expect(api.GetValue('cmi.objectives._count')).toBe('2');
    expect(api.GetValue('cmi.objectives.1.id')).toBe('obj_etiquette');
    expect(api.GetValue('cmi.scaled_passing_score')).toBe('0.8');
    expect(api.GetValue('cmi.completion_threshold')).toBe('0.75');
    expect(api.GetValue('cmi.launch_data')).toBe('level=2');
    expect(api.GetLastError()).toBe('0');
    api.SetValue('cmi.score.scaled', '0.73');
    api.SetValue('cmi.completion_status', 'completed');
    api.Terminate('');
    const values = commits.at(-1)?.values ?? {};
    expect(values['cmi.success_status']).toBe('failed');
    expect(values['cmi.completion_status']).toBe('completed');
  });
});
