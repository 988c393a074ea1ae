import { describe, expect, it } from 'vitest';
import {
  askedMode,
  modeOnRoute,
  routeModeOf,
  worksInBothModes,
  worksInLmsOnly,
} from './route-modes';

describe('route modes (decision 0019)', () => {
  it('puts the learning routes in lms, whatever follows their first segment', () => {
    for (const path of [
      '/en/learning',
      '/en/concentration_home/4',
      '/en/concentration_itinerary/4',
      '/en/orientation_course/12',
      '/en/course/12',
      '/en/course/12/authoring/item/3',
      '/en/course/12/grade-book',
      '/en/unit_overview/5',
      '/en/unit/5/9',
      '/en/submit_text/9',
      '/en/submit_work/9',
      '/en/track',
      '/en/class_root',
      '/en/class/7',
      '/en/grade/31',
    ])
      expect(routeModeOf(path), path).toBe('lms');
  });

  it('shares home, notifications, profile, not-authorised, support and not-found, and keeps the rest in sis', () => {
    for (const path of [
      '/en/home',
      '/en/notifications',
      '/en/profile/view',
      '/en/not-authorised',
      '/en/support_issue',
    ])
      expect(routeModeOf(path), path).toBe('any');
    expect(routeModeOf('/en/no-such-page', true)).toBe('any');
    for (const path of ['/en/student/list', '/en/programme/list/bachelor', '/en/classroom', '/en/'])
      expect(routeModeOf(path), path).toBe('sis');
  });

  it('keeps the previous mode on a shared page, unless its link asks for one', () => {
    expect(modeOnRoute('any', 'lms')).toBe('lms');
    expect(modeOnRoute('any', 'sis')).toBe('sis');
    expect(modeOnRoute('any', 'lms', 'sis')).toBe('sis');
    expect(modeOnRoute('sis', 'lms', 'lms')).toBe('sis');
    expect(modeOnRoute('lms', 'sis')).toBe('lms');
    expect(askedMode({ mode: 'sis' })).toBe('sis');
    expect(askedMode({ mode: 'other' })).toBeNull();
    expect(askedMode(null)).toBeNull();
  });

  it('tells who works in the lms only, and who in both modes (never a manager)', () => {
    const user = (rights: string[], role: 'user' | 'manager' = 'user') => ({
      applicationRights: rights,
      role,
    });
    expect(worksInLmsOnly(user(['GENERAL_LMS__DISPLAY']))).toBe(true);
    expect(worksInLmsOnly(user(['GENERAL_LMS__DISPLAY', 'GENERAL_SIS__DISPLAY']))).toBe(false);
    expect(worksInBothModes(user(['GENERAL_LMS__DISPLAY', 'GENERAL_SIS__DISPLAY']))).toBe(true);
    expect(
      worksInBothModes(user(['GENERAL_LMS__DISPLAY', 'GENERAL_SIS__DISPLAY'], 'manager')),
    ).toBe(false);
    expect(worksInLmsOnly(user(['GENERAL_LMS__DISPLAY'], 'manager'))).toBe(false);
  });
});
