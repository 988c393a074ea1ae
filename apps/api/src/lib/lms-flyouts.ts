import { sql, type SQL } from 'drizzle-orm';
import type { MenuItem, MenuNode } from '@lantern/contracts/current-user';
import { LMS_PAGES, pagePath } from '@lantern/contracts/pages';
import type { ProgrammeType } from '@lantern/contracts/programme';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../plugins/auth';
import { classInScope, classScope } from './class-scope';
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

/** A flyout lists this many classes at most; "All my classes" lists and searches them all. */
export const CLASS_FLYOUT_LIMIT = 100;

/**
 * The classes of the lms Classes flyout: those in class scope (the classes one staffs, or every
 * class of one's CLCs with PC_CLASS__DISPLAY; every class for seeAllCourses) of programmes not
 * finished or cancelled, in the flyouts' order, then by name.
 */
export async function findLmsClasses(db: Db, auth: AuthContext): Promise<LmsClass[]> {
  const inScope = seesAllCourses(auth)
    ? sql`true`
    : classInScope(sql`k.id`, sql`k.clc_id`, classScope(auth));
  return rows<LmsClass>(
    db,
    sql`select k.id, k.name, p.id as "programmeId", p.code, p.type::text as type,
          p.start_date::text as "startDate", p.end_date::text as "endDate"
        from classes k join programmes p on p.id = k.programme_id
        where p.type in ('professional', 'bachelor', 'language', 'orientation')
          and p.status not in ('finished', 'cancelled') and ${inScope}
        order by ${FLYOUT_ORDER}, k.name asc, k.id asc
        limit ${CLASS_FLYOUT_LIMIT}`,
  );
}

/** A class as the spec's menu item (§3), dated by its programme. */
const classItem = (k: LmsClass): MenuItem => ({
  id: `class-${String(k.id)}`,
  code: k.code,
  label: k.name,
  startDate: k.startDate,
  endDate: k.endDate,
  type: k.type === 'orientation' ? 'orientation' : 'other',
});

/** The Classes flyout: "All my classes" first, then each class under its programme's group. */
function classFlyout(node: MenuNode, classes: readonly LmsClass[]): MenuNode {
  const groups = FLYOUT_GROUPS.map((group) => ({
    id: `${node.id}-${group.type}`,
    label: group.label,
    path: null,
    children: classes
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
  return { ...node, children: [all, ...groups] };
}

/** An lms flyout node with its entries; other nodes as they are. */
export function withLmsFlyoutEntries(
  node: MenuNode,
  programmes: readonly FlyoutProgramme[],
  classes: readonly LmsClass[],
  rights: ReadonlySet<string>,
): MenuNode {
  if (node.flyout === 'course') return courseFlyout(node, programmes, (p) => lmsTarget(p, rights));
  if (node.flyout === 'class') return classFlyout(node, classes);
  return node;
}
