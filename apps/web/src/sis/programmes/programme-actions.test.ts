import { describe, expect, it } from 'vitest';
import { PROGRAMME_ACTIONS, REOPEN_CERTIFICATES_WARNING } from '@lantern/contracts/programme';
import type { Right } from '@lantern/contracts/rights';
import { kebab } from './kebab';
import { availableProgrammeActions, confirmTexts } from './programme-actions';

const holding = (...applicationRights: Right[]) => ({ applicationRights });
const ALL = holding('PROGRAMME__EDIT', 'PROGRAMME__REVIEW_GRADES', 'PROGRAMME__CLOSE');

describe('programme status actions offered', () => {
  it('offers the moves of the table from each status to a holder of every right', () => {
    expect(availableProgrammeActions('new', ALL)).toEqual(['openApplications', 'cancel']);
    expect(availableProgrammeActions('applying', ALL)).toEqual(['startPreparing', 'cancel']);
    expect(availableProgrammeActions('preparing', ALL)).toEqual(['finishPreparing', 'cancel']);
    expect(availableProgrammeActions('prep_done', ALL)).toEqual(['startProgramme', 'cancel']);
    expect(availableProgrammeActions('running', ALL)).toEqual(['finishProgramme', 'cancel']);
    expect(availableProgrammeActions('finished', ALL)).toEqual(['reopen']);
    expect(availableProgrammeActions('cancelled', ALL)).toEqual([]);
  });

  it('leaves out the moves whose right the user lacks', () => {
    const editor = holding('PROGRAMME__EDIT');
    expect(availableProgrammeActions('running', editor)).toEqual([]);
    expect(availableProgrammeActions('new', editor)).toEqual(['openApplications']);
    expect(availableProgrammeActions('finished', holding('PROGRAMME__REVIEW_GRADES'))).toEqual([]);
    expect(availableProgrammeActions('running', holding('PROGRAMME__REVIEW_GRADES'))).toEqual([
      'finishProgramme',
    ]);
    expect(availableProgrammeActions('new', null)).toEqual([]);
  });

  it('asks before the moves the table confirms, and warns on reopening when certificates exist', () => {
    expect(confirmTexts('startPreparing', { certificates: 0 })).toBeNull();
    expect(confirmTexts('cancel', { certificates: 0 })).toEqual([PROGRAMME_ACTIONS.cancel.confirm]);
    expect(confirmTexts('reopen', { certificates: 0 })).toEqual([PROGRAMME_ACTIONS.reopen.confirm]);
    expect(confirmTexts('reopen', { certificates: 3 })).toEqual([
      PROGRAMME_ACTIONS.reopen.confirm,
      REOPEN_CERTIFICATES_WARNING,
    ]);
  });

  it('names an action in the path as the API does', () => {
    expect(kebab('openApplications')).toBe('open-applications');
    expect(kebab('reopen')).toBe('reopen');
  });
});
