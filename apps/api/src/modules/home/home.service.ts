import type { HomeSummary } from '@lantern/contracts/home';
import type { MenuNode } from '@lantern/contracts/current-user';
import type { AuthContext } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { LMS_PAGES } from '@lantern/contracts/pages';
import { buildMenu } from '../../lib/menu';
import { gradedDeliveries } from '../learning/teaching/public';
import * as repo from './home.repository';
import { clcScope } from '../../lib/scope';
import { classScope } from '../../lib/class-scope';

/** What an area card says; a card says only what the role can do there. */
const AREA_TEXT: Record<string, string | ((rights: ReadonlySet<string>) => string)> = {
  students: (rights) =>
    rights.has('STUDENT__CREATE') || rights.has('STUDENT__EDIT')
      ? 'Find, add and edit students; their profile, photos and history.'
      : 'Find students and read their profile and history.',
  facilitators: 'The onsite and online facilitators of your CLCs.',
  coordinators: 'The coordinators who run the CLCs.',
  'clc-partners': 'The community learning centres: contacts, signees, logos.',
  users: 'Every account: roles, system role, CLCs and status.',
  'mail-log': 'Every mail the system sent or keeps, with its delivery state.',
  'lead-facilitators': 'The lead facilitators of your CLCs.',
  'lead-faculty': 'The lead faculty of the programmes.',
  'dropout-follow-ups': 'Students flagged as at risk of dropping out, and what was done.',
  programmes: 'Programmes and their courses, terms, students and grades.',
  authorisation: 'Roles, what each may do, and in which CLCs.',
  'user-data-checker': 'People with missing, doubtful or duplicate details, to fix.',
  'data-cleanup': 'Remove people who no longer need an account; a run can be restored.',
  'user-merge': 'Join two records of the same person into one.',
  'security-actions': 'Lock accounts, sign them out everywhere or force a password reset.',
  'api-tokens': 'Tokens for systems that read bachelor data through the integration API.',
  'audit-log': 'Who changed what and when, on behalf of whom.',
  announcements: 'News for students and staff, shown on their pages.',
  'support-tickets': 'Questions and problems people reported, and their answers.',
};

function linkedNodes(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => [
    ...(n.path && n.path !== 'home' ? [n] : []),
    ...linkedNodes(n.children ?? []),
  ]);
}

function describe(id: string, label: string, rights: ReadonlySet<string>): string {
  const text = AREA_TEXT[id];
  if (text === undefined) return label;
  return typeof text === 'string' ? text : text(rights);
}

/** sis staff, a learner (spec §6: students see the sis's insufficient-permissions notice), or a
 * machine account (neither side's screens: it works through the API). */
function kindOf(rights: ReadonlySet<string>): HomeSummary['kind'] {
  if (rights.has('GENERAL_SIS__DISPLAY')) return 'sis';
  if (rights.has('GENERAL_LMS__DISPLAY')) return 'learner';
  return 'machine';
}

/** The start page: what the user may open and the counts that matter in their role and CLCs. */
export async function getHomeSummary(deps: Deps, auth: AuthContext): Promise<HomeSummary> {
  const { rights, user } = auth;
  const scope = clcScope(auth);
  const classes = classScope(auth);
  const counts: HomeSummary['counts'] = [
    {
      key: 'clcs',
      label: scope ? 'Your CLCs' : 'CLCs in the network',
      value: scope ? scope.length : await repo.countClcs(deps.db, null),
      path: 'profile/view',
    },
  ];
  // Those who see only their own classes (teachers) open them on the learning side: the count
  // leads to their class list, with what waits for their grade beside it.
  const teaches = rights.has('CLASSROOM__DISPLAY') && classes.staffOf !== null;
  const classList = rights.has(LMS_PAGES.classRoot.right) && rights.has(LMS_PAGES.learning.right);
  if (teaches) {
    counts.push({
      key: 'ownClasses',
      label: 'Classes you teach',
      value: await repo.countOwnClasses(deps.db, classes),
      path: classList ? LMS_PAGES.classRoot.path : null,
    });
    if (gradedDeliveries(auth).length > 0)
      counts.push({
        key: 'toGrade',
        label: 'Hand-ins waiting for your grade',
        value: await repo.countToGrade(deps.db, auth),
        path: classList ? LMS_PAGES.classRoot.path : null,
      });
  }
  if (rights.has('STUDENT__DISPLAY')) {
    counts.push({
      key: 'students',
      label: scope ? 'Students in your CLCs' : 'Students',
      value: await repo.countPeople(deps.db, scope, 'STUDENT'),
      path: 'student/list',
    });
  }
  if (rights.has('FACILITATOR__DISPLAY')) {
    counts.push({
      key: 'facilitators',
      label: scope ? 'Facilitators in your CLCs' : 'Facilitators',
      value: await repo.countPeople(deps.db, scope, 'FACILITATOR'),
      path: 'facilitator/list',
    });
  }
  if (rights.has('USER__DISPLAY')) {
    counts.push({
      key: 'users',
      label: scope ? 'People in your CLCs' : 'People',
      value: await repo.countPeople(deps.db, scope),
      path: 'user/list',
    });
  }
  if (rights.has('MAIL_LOG__DISPLAY')) {
    counts.push({
      key: 'mails',
      label: 'Mails not sent by SMTP',
      value: await repo.countMailsWaiting(deps.db),
      path: 'mail-log',
    });
  }
  if (rights.has('USER__SECURITY_ACCESS')) {
    counts.push({
      key: 'signIns',
      label: 'Sign-ins in the last 24 hours',
      value: await repo.countRecentSignIns(deps.db),
      path: null,
    });
  }
  const areas = [
    ...linkedNodes(buildMenu('sis', rights)).map((n) => ({
      key: n.id,
      label: n.label,
      path: n.path ?? '',
      description: describe(n.id, n.label, rights),
    })),
    ...(teaches && classList
      ? [
          {
            key: 'classes',
            label: 'Your classes',
            path: LMS_PAGES.classRoot.path,
            description:
              'The classes you teach: their students, the work to grade and the grade books.',
          },
          {
            key: 'learning',
            label: 'Learning home',
            path: LMS_PAGES.learning.path,
            description: 'Your classes’ courses and units on the learning platform.',
          },
        ]
      : []),
    {
      key: 'profile',
      label: 'Your profile',
      path: 'profile/view',
      description: 'Your details, your photo, your password and the role you act in.',
    },
  ];
  return {
    ...(rights.has('GENERAL_UNIVERSITY__DISPLAY')
      ? { university: await repo.universityProgrammes(deps.db, scope) }
      : {}),
    kind: kindOf(rights),
    greetingName: user.firstName,
    activeRole: user.roleKey,
    counts,
    areas,
  };
}
