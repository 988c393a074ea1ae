import { describe, expect, it } from 'vitest';
import type { Right } from '@lantern/contracts/rights';
import { programmeEntryPath, visibleTabs } from './programme-entry';

const holding = (...applicationRights: Right[]) => ({ applicationRights });

describe('the programme entry (spec §2)', () => {
  it('goes to the bachelor list for PROGRAMME_ACADEMIC__DISPLAY, even with the others', () => {
    expect(
      programmeEntryPath(holding('PROGRAMME_PROFESSIONAL__DISPLAY', 'PROGRAMME_ACADEMIC__DISPLAY')),
    ).toBe('/en/programme/list/bachelor');
  });

  it('else to the professional list for PROGRAMME_PROFESSIONAL__DISPLAY', () => {
    expect(
      programmeEntryPath(holding('PROGRAMME_PROFESSIONAL__DISPLAY', 'PROGRAMME_GEL__DISPLAY')),
    ).toBe('/en/programme/list/professional-certificate');
  });

  it('else, with only the GEL right, to not-authorised while programme/gel is not built', () => {
    expect(programmeEntryPath(holding('PROGRAMME_GEL__DISPLAY'))).toBe(
      '/en/not-authorised?missingRight=PROGRAMME_PROFESSIONAL__DISPLAY',
    );
  });

  it('else to not-authorised naming the missing right', () => {
    expect(programmeEntryPath(holding('PROGRAMME__DISPLAY'))).toBe(
      '/en/not-authorised?missingRight=PROGRAMME_GEL__DISPLAY',
    );
    expect(programmeEntryPath(null)).toMatch(/^\/en\/not-authorised\?missingRight=/);
  });

  it('shows each list tab only to the holder of its right', () => {
    expect(visibleTabs(holding('PROGRAMME_ACADEMIC__DISPLAY'))).toEqual(['bachelor']);
    expect(
      visibleTabs(holding('PROGRAMME_ACADEMIC__DISPLAY', 'PROGRAMME_PROFESSIONAL__DISPLAY')),
    ).toEqual(['professional-certificate', 'bachelor']);
    expect(visibleTabs(holding())).toEqual([]);
  });
});
