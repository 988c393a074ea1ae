import { describe, expect, it } from 'vitest';
import type { MenuNode } from '@lantern/contracts/current-user';
import { withFlyoutEntries, type FlyoutProgramme } from './menu-flyouts';

const course: MenuNode = { id: 'course', label: 'Courses', path: null, flyout: 'course' };
const klass: MenuNode = { id: 'class', label: 'Classes', path: null, flyout: 'class' };
const p = (
  id: number,
  type: FlyoutProgramme['type'],
  code: string,
  hasOwnClass = true,
  lmsCourseId: number | null = null,
): FlyoutProgramme => ({
  id,
  code,
  title: `T${String(id)}`,
  type,
  startDate: '2026-01-05',
  endDate: '2026-07-03',
  hasOwnClass,
  lmsCourseId,
});
const ADMIN = new Set([
  'PC_PROGRAMME__DISPLAY',
  'PROGRAMME_PROFESSIONAL__DISPLAY',
  'PROGRAMME_ACADEMIC__DISPLAY',
  'CLASSROOM__DISPLAY',
]);
const LMS_STAFF = new Set([...ADMIN, 'GENERAL_LMS__DISPLAY', 'COURSE_DOCUMENT__DISPLAY']);
const paths = (node: MenuNode): (string | null)[] =>
  (node.children ?? []).flatMap((g) => (g.children ?? []).map((c) => c.path));

describe('course and class flyouts', () => {
  const all = [
    p(7, 'bachelor', 'BA1'),
    p(2, 'professional', '102'),
    p(1, 'professional', '101', false),
    p(9, 'language', 'EN1'),
    p(4, 'orientation', 'OR1'),
  ];

  it('groups under the spec’s names in the given order, leaving out what has no sis page', () => {
    const node = withFlyoutEntries(course, all, ADMIN);
    expect(node.children?.map((g) => g.label)).toEqual([
      'Academic certificate and degree',
      'Short term academic programme',
    ]);
    expect(paths(node)).toEqual([
      'programme/list/bachelor?q=BA1',
      'programme/professional-certificate/2/overview',
      'programme/professional-certificate/1/overview',
    ]);
    expect(node.children?.[1]?.children?.[0]).toEqual({
      id: 'course-professional-2',
      label: '102 T2',
      path: 'programme/professional-certificate/2/overview',
      item: {
        id: 'programme-2',
        code: '102',
        label: 'T2',
        startDate: '2026-01-05',
        endDate: '2026-07-03',
        type: 'other',
      },
    });
  });

  it('leads a reader of the lists without the programme right to the list searched for it', () => {
    const node = withFlyoutEntries(course, all, new Set(['PROGRAMME_PROFESSIONAL__DISPLAY']));
    expect(paths(node)).toEqual([
      'programme/list/professional-certificate?q=102',
      'programme/list/professional-certificate?q=101',
    ]);
    expect(withFlyoutEntries(course, all, new Set(['PROGRAMME__DISPLAY'])).children).toEqual([]);
  });

  it('lists in the class flyout the programmes whose classes the role reaches', () => {
    expect(paths(withFlyoutEntries(klass, all, ADMIN))).toEqual([
      'programme/professional-certificate/2/classes',
    ]);
    expect(withFlyoutEntries(klass, all, new Set(['PC_PROGRAMME__DISPLAY'])).children).toEqual([]);
  });

  it('goes straight to the one programme when there is no orientation (course menu only)', () => {
    const one = [p(5, 'professional', '105')];
    expect(withFlyoutEntries(course, one, ADMIN)).toMatchObject({
      path: 'programme/professional-certificate/5/overview',
      children: [],
      item: { id: 'programme-5', type: 'other' },
    });
    expect(withFlyoutEntries(klass, one, ADMIN).path).toBeNull();
    const withOrientation = [...one, p(4, 'orientation', 'OR1', true, 40)];
    expect(withFlyoutEntries(course, withOrientation, LMS_STAFF).path).toBeNull();
    // An orientation the role cannot open is not in the menu, so it does not count.
    expect(withFlyoutEntries(course, withOrientation, ADMIN).path).toBe(
      'programme/professional-certificate/5/overview',
    );
  });

  it('opens language and orientation programmes in the lms, for who may work there', () => {
    const lms = [
      p(9, 'language', 'EN1', true, 90),
      p(4, 'orientation', 'OR1', true, 40),
      p(3, 'orientation', 'OR0', true, null),
    ];
    const node = withFlyoutEntries(course, lms, LMS_STAFF);
    expect(node.children?.map((g) => g.label)).toEqual(['Language', 'Orientation']);
    expect(paths(node)).toEqual(['concentration_home/9', 'orientation_course/40']);
    expect(node.children?.[1]?.children?.[0]?.item?.type).toBe('orientation');
    // Without the lms right, or without COURSE_DOCUMENT__DISPLAY for an orientation, nothing.
    expect(withFlyoutEntries(course, lms, ADMIN).children).toEqual([]);
    const noDocuments = new Set([...LMS_STAFF].filter((r) => r !== 'COURSE_DOCUMENT__DISPLAY'));
    expect(withFlyoutEntries(course, lms, noDocuments).path).toBe('concentration_home/9');
  });
});
