import { sql, type SQL } from 'drizzle-orm';
import type { MenuItem, MenuNode } from '@lantern/contracts/current-user';
import { LMS_PAGES, pagePath } from '@lantern/contracts/pages';
import type { ProgrammeType } from '@lantern/contracts/programme';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../plugins/auth';
import { classInScope, classScope } from './class-scope';
import { BY_PERIOD, CLASS_END, CLASS_PERIOD_JOIN, CLASS_START, phaseIn } from './class-period';
import { courseReach, isLearner, seesAllCourses } from './learning-scope';
import {
  FLYOUT_GROUPS,
  FLYOUT_ORDER,
  courseFlyout,
  flyoutColumns,
  lmsTarget,
  type FlyoutProgramme,
} from './menu-flyouts';
import { rows } from './sql';

// The flyouts of the lms menu (decision 0019, "The lms menu and the concentrations").

/** Statuses in which a programme's courses are being prepared or run. */
const PREPARING_OR_RUNNING = sql`('preparing', 'prep_done', 'running')`;

/**
 * Which programmes the Courses flyout lists: a learner's own (those they learn in: an active,
 * completed or failed enrolment, or an additional course — `course_learners`); for system role
 * seeAllCourses every preparing or running programme; for staff the programmes with a course
 * they reach (a class of it they reach, or content they may author), not finished.
 */
function lmsProgrammeReach(auth: AuthContext): SQL {
  if (seesAllCourses(auth)) return sql`p.status in ${PREPARING_OR_RUNNING}`;
  const reached = sql`exists (select 1 from programme_courses c where c.programme_id = p.id
      and ${courseReach(sql`c.id`, sql`p.id`, auth)})`;
  if (isLearner(auth)) return reached;
  return sql`p.status <> 'finished' and ${reached}`;
}

/** The programmes of the lms Courses flyout, in the flyouts' order. */
export async function findLmsProgrammes(db: Db, auth: AuthContext): Promise<FlyoutProgramme[]> {
  return rows<FlyoutProgramme>(
    db,
    sql`select ${flyoutColumns(auth, sql`false`)}
        from programmes p
        where p.type in ('professional', 'bachelor', 'language', 'orientation')
          and p.status <> 'cancelled' and ${lmsProgrammeReach(auth)}
        order by ${FLYOUT_ORDER}`,
  );
}

export type LmsClass = {
  id: number;
  name: string;
  programmeId: number;
  code: string;
  type: ProgrammeType;
  startDate: string;
  endDate: string;
};

/** The Classes flyout's classes: the current ones (cut), and how many are past or empty. */
export type LmsClasses = { current: LmsClass[]; past: number };

/**
 * The flyout lists this many running and upcoming classes at most; "All my classes" lists and
 * searches them all, "Past classes" the past and empty ones (decision 0019, "Class lists").
 */
export const CLASS_FLYOUT_LIMIT = 15;

/**
 * The classes of the lms Classes flyout: those in class scope (the classes one staffs, or every
 * class of one's CLCs with PC_CLASS__DISPLAY; every class for seeAllCourses), running first,
 * then upcoming (class-period), at most CLASS_FLYOUT_LIMIT; and the number of past or empty ones.
 */
export async function findLmsClasses(db: Db, auth: AuthContext): Promise<LmsClasses> {
  const inScope = seesAllCourses(auth)
    ? sql`true`
    : classInScope(sql`k.id`, sql`k.clc_id`, classScope(auth));
  const mine = sql`from classes k join programmes p on p.id = k.programme_id ${CLASS_PERIOD_JOIN}
        where p.type in ('professional', 'bachelor', 'language', 'orientation') and ${inScope}`;
  const [current, [past]] = await Promise.all([
    rows<LmsClass>(
      db,
      sql`select k.id, k.name, p.id as "programmeId", p.code, p.type::text as type,
            ${CLASS_START} as "startDate", ${CLASS_END} as "endDate"
          ${mine} and ${phaseIn('current')}
          order by ${BY_PERIOD}
          limit ${CLASS_FLYOUT_LIMIT}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n ${mine} and ${phaseIn('past')}`),
  ]);
  return { current, past: past?.n ?? 0 };
}

/** A class as the spec's menu item (§3), dated by its term or programme. */
const classItem = (k: LmsClass): MenuItem => ({
  id: `class-${String(k.id)}`,
  code: k.code,
  label: k.name,
  startDate: k.startDate,
  endDate: k.endDate,
  type: k.type === 'orientation' ? 'orientation' : 'other',
});

/**
 * The Classes flyout: "All my classes" (every class, paged and searchable) and "Past classes"
 * (the past and empty ones) first, then the running and upcoming classes under their
 * programme's group, running first.
 */
function classFlyout(node: MenuNode, classes: LmsClasses): MenuNode {
  const groups = FLYOUT_GROUPS.map((group) => ({
    id: `${node.id}-${group.type}`,
    label: group.label,
    path: null,
    children: classes.current
      .filter((k) => k.type === group.type)
      .map((k) => ({
        id: `${node.id}-${group.type}-${String(k.id)}`,
        label: `${k.code} ${k.name}`,
        path: pagePath('class', k.id),
        item: classItem(k),
      })),
  })).filter((group) => group.children.length > 0);
  const all: MenuNode = {
    id: `${node.id}-all`,
    label: 'All my classes',
    path: LMS_PAGES.classRoot.path,
  };
  const past: MenuNode[] =
    classes.past > 0
      ? [
          {
            id: `${node.id}-past`,
            label: 'Past classes',
            path: `${LMS_PAGES.classRoot.path}?phase=past`,
          },
        ]
      : [];
  return { ...node, children: [all, ...past, ...groups] };
}

/** An lms flyout node with its entries; other nodes as they are. */
export function withLmsFlyoutEntries(
  node: MenuNode,
  programmes: readonly FlyoutProgramme[],
  classes: LmsClasses,
  rights: ReadonlySet<string>,
): MenuNode {
  if (node.flyout === 'course') return courseFlyout(node, programmes, (p) => lmsTarget(p, rights));
  if (node.flyout === 'class') return classFlyout(node, classes);
  return node;
}
