import { describe, expect, it } from 'vitest';
import type { EnrolmentState } from '@lantern/contracts/programme';
import type { Right } from '@lantern/contracts/rights';
import { availableEnrolmentActions, enrolmentStateText } from './enrolment-actions';

const holding = (...applicationRights: Right[]) => ({ applicationRights });
const COORDINATOR = holding('PC_STUDENT__EDIT', 'PC_BREAK__EDIT');
const ADMIN = holding('PC_STUDENT__EDIT', 'PC_BREAK__EDIT', 'PROGRAMME__REVIEW_GRADES');
const states = (...list: EnrolmentState[]) => list.map((state) => ({ state }));

describe('bulk actions for a selection', () => {
  it('offers what applies to at least one selected student, with how many it applies to', () => {
    expect(
      availableEnrolmentActions('applying', states('applied', 'applied', 'active'), COORDINATOR),
    ).toEqual([
      { action: 'accept', applicable: 2 },
      { action: 'decline', applicable: 2 },
      { action: 'suspend', applicable: 1 },
      { action: 'withdraw', applicable: 3 },
    ]);
  });

  it('offers passing and failing only while the programme runs, to whoever reviews grades', () => {
    const active = states('active', 'failed');
    expect(availableEnrolmentActions('prep_done', active, ADMIN).map((a) => a.action)).toEqual([
      'suspend',
      'withdraw',
    ]);
    expect(availableEnrolmentActions('running', active, ADMIN).map((a) => a.action)).toEqual([
      'suspend',
      'withdraw',
      'finalize',
      'fail',
      'unfail',
    ]);
    expect(availableEnrolmentActions('running', active, COORDINATOR).map((a) => a.action)).toEqual([
      'suspend',
      'withdraw',
    ]);
  });

  it('offers nothing when the programme is new, finished or cancelled, or without rights', () => {
    for (const status of ['new', 'finished', 'cancelled'] as const)
      expect(availableEnrolmentActions(status, states('applied', 'active'), ADMIN)).toEqual([]);
    expect(availableEnrolmentActions('applying', states('applied'), holding())).toEqual([]);
    expect(availableEnrolmentActions('applying', [], ADMIN)).toEqual([]);
  });
});

describe('a student state as it reads', () => {
  const pause = { id: 1, startsOn: '2026-03-01', endsOn: '2026-12-31', reason: null };
  it('shows completed as Passed and a study break beside the state', () => {
    expect(enrolmentStateText({ state: 'completed', onBreak: null })).toBe('Passed');
    expect(enrolmentStateText({ state: 'active', onBreak: { ...pause, current: true } })).toBe(
      'Active · on break until 2026-12-31',
    );
    expect(enrolmentStateText({ state: 'active', onBreak: { ...pause, current: false } })).toBe(
      'Active · break 2026-03-01 to 2026-12-31',
    );
  });
});
