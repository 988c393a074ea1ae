import type { z } from 'zod';
import type {
  classInputSchema,
  classStaffInputSchema,
  classUpdateSchema,
  distributeInputSchema,
  moveInputSchema,
  ProgrammeClasses,
} from '@lantern/contracts/classes';
import { VALIDATION } from '@lantern/contracts/messages';
import type { Db } from '@lantern/db/client';
import type { AuthContext } from '../../plugins/auth';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { statusText } from '../../lib/programme-status';

import { audit, auditMany } from '../../lib/audit';
import type { Deps } from '../../lib/deps';
import { classScope, seesProgrammeOfClasses } from '../../lib/class-scope';
import * as repo from './classes.repository';

const PROGRAMME = 'The programme';
/** Classes are formed until the programme ends; a finished or cancelled one keeps its classes. */
const CLOSED = new Set(['finished', 'cancelled']);

async function programmeFor(db: Db, auth: AuthContext, id: number, forChange: boolean) {
  const programme = await repo.findProgramme(
    db,
    id,
    classScope(auth),
    seesProgrammeOfClasses(auth),
  );
  if (!programme) throw notFound(PROGRAMME);
  if (forChange && CLOSED.has(programme.status))
    throw new AppError(
      409,
      'CONFLICT',
      `The programme is ${statusText(programme.status)}; its classes can no longer change.`,
    );
  return programme;
}

const member = (m: repo.MemberRow) => ({
  enrolmentId: m.enrolment_id,
  studentId: m.student_id,
  firstName: m.first_name,
  lastName: m.last_name,
  placedManually: m.placed_manually,
  onBreak: m.on_break,
});

export async function getClasses(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
): Promise<ProgrammeClasses> {
  const programme = await programmeFor(deps.db, auth, programmeId, false);
  const scope = classScope(auth);
  const [classes, members] = await Promise.all([
    repo.findClasses(deps.db, programmeId, scope),
    repo.findMembers(deps.db, programmeId, scope),
  ]);
  const byClass = new Map<number, repo.MemberRow[]>();
  const unplaced = new Map<number, { code: string; members: repo.MemberRow[] }>();
  for (const m of members) {
    if (m.class_id !== null) {
      const list = byClass.get(m.class_id) ?? [];
      list.push(m);
      byClass.set(m.class_id, list);
    } else if (m.clc_id !== null && m.state === 'active') {
      const entry = unplaced.get(m.clc_id) ?? { code: m.clc_code ?? '', members: [] };
      entry.members.push(m);
      unplaced.set(m.clc_id, entry);
    }
  }
  return {
    programme: {
      id: programme.id,
      code: programme.code,
      title: programme.title,
      status: programme.status,
      clcs: programme.clcs,
    },
    ownClassesOnly: scope.staffOf !== null,
    classes: classes.map((c) => {
      const list = byClass.get(c.id) ?? [];
      return {
        id: c.id,
        name: c.name,
        clc: { id: c.clc_id, code: c.clc_code, name: c.clc_name },
        capacity: c.capacity,
        size: list.length,
        staff: c.staff,
        members: list.map(member),
        version: c.version,
      };
    }),
    unplaced: [...unplaced.entries()].map(([id, entry]) => ({
      clc: { id, code: entry.code },
      members: entry.members.map(member),
    })),
  };
}

/**
 * Distributes the active students of each CLC into classes of `size`: as few classes as the
 * size allows, filled evenly, students in name order. Students placed by hand stay where they
 * are unless `keepManual` is false. Empty classes without staff are removed.
 */
export async function distribute(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  input: z.output<typeof distributeInputSchema>,
) {
  await programmeFor(deps.db, auth, programmeId, true);
  const scope = classScope(auth);
  return deps.db.transaction(async (tx) => {
    const [classes, members] = await Promise.all([
      repo.findClasses(tx, programmeId, scope),
      repo.findMembers(tx, programmeId, scope),
    ]);
    // Only active students are distributed; passed and failed ones stay where they were.
    const active = members.filter((m) => m.clc_id !== null && m.state === 'active');
    const clcIds = [...new Set(active.map((m) => m.clc_id ?? 0))];
    const placements: { enrolmentId: number; classId: number | null }[] = [];
    let created = 0;
    let kept = 0;
    const emptied: number[] = [];
    const touched: number[] = [];
    for (const clcId of clcIds) {
      const students = active.filter((m) => m.clc_id === clcId);
      const stay = students.filter(
        (m) => input.keepManual && m.placed_manually && m.class_id !== null,
      );
      kept += stay.length;
      const toPlace = students.filter((m) => !stay.includes(m));
      const own = classes.filter((c) => c.clc_id === clcId);
      const count = new Map<number, number>(own.map((c) => [c.id, 0]));
      for (const m of stay) count.set(m.class_id ?? 0, (count.get(m.class_id ?? 0) ?? 0) + 1);
      const needed = Math.max(
        Math.ceil(students.length / input.size),
        new Set(stay.map((m) => m.class_id)).size,
      );
      // Keep the classes that have staff or manual members first, then by name.
      const ordered = [...own].sort(
        (a, b) =>
          Number((count.get(b.id) ?? 0) > 0 || b.staff.length > 0) -
            Number((count.get(a.id) ?? 0) > 0 || a.staff.length > 0) ||
          a.name.localeCompare(b.name, 'en', { numeric: true }),
      );
      const target = ordered.slice(0, Math.max(needed, 0)).map((c) => c.id);
      const code = students[0]?.clc_code ?? 'CLC';
      let n = own.length;
      while (target.length < needed) {
        n += 1;
        let name = `${code}-${String(n)}`;
        while (
          classes.some((c) => c.name.toLowerCase() === name.toLowerCase()) ||
          (await repo.classNameTaken(tx, programmeId, name))
        ) {
          n += 1;
          name = `${code}-${String(n)}`;
        }
        const id = await repo.insertClass(tx, {
          programmeId,
          clcId,
          name,
          capacity: input.size,
        });
        created += 1;
        count.set(id, 0);
        target.push(id);
      }
      touched.push(...target);
      for (const m of toPlace) {
        // The emptiest class of the target set (even fill), the first by name on a tie.
        let best: number | null = null;
        for (const id of target)
          if (best === null || (count.get(id) ?? 0) < (count.get(best) ?? 0)) best = id;
        if (best === null) break;
        count.set(best, (count.get(best) ?? 0) + 1);
        if (m.class_id !== best || m.placed_manually)
          placements.push({ enrolmentId: m.enrolment_id, classId: best });
      }
      for (const c of own)
        if (!target.includes(c.id) && (count.get(c.id) ?? 0) === 0 && c.staff.length === 0)
          emptied.push(c.id);
    }
    await repo.placeMany(tx, placements, false);
    await repo.setCapacity(tx, touched, input.size);
    await repo.deleteClasses(tx, emptied);
    const result = {
      classes: touched.length,
      placed: placements.length,
      kept,
      created,
      removed: emptied.length,
    };
    await audit(tx, auth, {
      action: 'classes.distributed',
      entityType: 'programme',
      entityId: programmeId,
      changes: { size: input.size, keepManual: input.keepManual, ...result },
    });
    return result;
  });
}

export async function createClass(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  input: z.output<typeof classInputSchema>,
): Promise<number> {
  await programmeFor(deps.db, auth, programmeId, true);
  const scope = classScope(auth);
  if (
    (scope.clcs !== null && !scope.clcs.includes(input.clcId)) ||
    !(await repo.programmeOffersClc(deps.db, programmeId, input.clcId))
  )
    throw badRequest(VALIDATION.select, { clcId: VALIDATION.select });
  if (await repo.classNameTaken(deps.db, programmeId, input.name))
    throw badRequest('This name is already in use', { name: 'This name is already in use' });
  return deps.db.transaction(async (tx) => {
    const id = await repo.insertClass(tx, { programmeId, ...input });
    await audit(tx, auth, {
      action: 'class.created',
      entityType: 'class',
      entityId: id,
      changes: { programmeId, ...input },
    });
    return id;
  });
}

async function classOf(deps: Deps, auth: AuthContext, programmeId: number, classId: number) {
  const classes = await repo.findClasses(deps.db, programmeId, classScope(auth));
  const found = classes.find((c) => c.id === classId);
  if (!found) throw notFound('The class');
  return found;
}

export async function updateClass(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  classId: number,
  input: z.output<typeof classUpdateSchema>,
): Promise<void> {
  await programmeFor(deps.db, auth, programmeId, true);
  const before = await classOf(deps, auth, programmeId, classId);
  if (await repo.classNameTaken(deps.db, programmeId, input.name, classId))
    throw badRequest('This name is already in use', { name: 'This name is already in use' });
  await deps.db.transaction(async (tx) => {
    const ok = await repo.updateClassRow(tx, classId, input.version, input);
    if (!ok)
      throw new AppError(
        409,
        'STALE_VERSION',
        'Someone else changed this class while you were editing. Reload to see their changes, then edit again.',
      );
    await audit(tx, auth, {
      action: 'class.updated',
      entityType: 'class',
      entityId: classId,
      changes: {
        name: [before.name, input.name],
        capacity: [before.capacity, input.capacity],
      },
    });
  });
}

/** Facilitators teach onsite, faculty online, teaching assistants beside faculty: each must hold
 * the matching role. */
export async function setStaff(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  classId: number,
  input: z.output<typeof classStaffInputSchema>,
): Promise<void> {
  await programmeFor(deps.db, auth, programmeId, true);
  await classOf(deps, auth, programmeId, classId);
  const facilitators = await repo.holdersOf(deps.db, input.facilitatorIds, [
    'FACILITATOR',
    'LEAD_FACILITATOR',
  ]);
  const faculty = await repo.holdersOf(deps.db, input.facultyIds, ['FACULTY', 'LEAD_FACULTY']);
  const assistants = await repo.holdersOf(deps.db, input.assistantIds, ['TEACHING_ASSISTANT']);
  const fields: Record<string, string> = {};
  if (facilitators.length !== new Set(input.facilitatorIds).size)
    fields.facilitatorIds = VALIDATION.select;
  if (faculty.length !== new Set(input.facultyIds).size) fields.facultyIds = VALIDATION.select;
  if (assistants.length !== new Set(input.assistantIds).size)
    fields.assistantIds = VALIDATION.select;
  if (Object.keys(fields).length) throw badRequest(VALIDATION.select, fields);
  await deps.db.transaction(async (tx) => {
    await repo.replaceStaff(tx, classId, [
      ...facilitators.map((userId) => ({ userId, kind: 'facilitator' as const })),
      ...faculty
        .filter((id) => !facilitators.includes(id))
        .map((userId) => ({ userId, kind: 'faculty' as const })),
      // One kind a person: someone named twice teaches as facilitator, then as faculty.
      ...assistants
        .filter((id) => !facilitators.includes(id) && !faculty.includes(id))
        .map((userId) => ({ userId, kind: 'assistant' as const })),
    ]);
    await audit(tx, auth, {
      action: 'class.staff',
      entityType: 'class',
      entityId: classId,
      changes: { facilitators, faculty, assistants },
    });
  });
}

/** Moves students into a class of their own CLC (or out of every class); each is placed by hand. */
export async function move(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  input: z.output<typeof moveInputSchema>,
) {
  await programmeFor(deps.db, auth, programmeId, true);
  const scope = classScope(auth);
  const [classes, members] = await Promise.all([
    repo.findClasses(deps.db, programmeId, scope),
    repo.findMembers(deps.db, programmeId, scope),
  ]);
  const target = input.classId === null ? null : classes.find((c) => c.id === input.classId);
  if (target === undefined) throw badRequest(VALIDATION.select, { classId: VALIDATION.select });
  const done: number[] = [];
  const refused: { enrolmentId: number; reason: string }[] = [];
  for (const id of new Set(input.enrolmentIds)) {
    const m = members.find((x) => x.enrolment_id === id);
    if (!m) refused.push({ enrolmentId: id, reason: 'Not a student of this programme in reach.' });
    else if (target && m.clc_id !== target.clc_id)
      refused.push({
        enrolmentId: id,
        reason: `${m.first_name} ${m.last_name} studies at ${m.clc_code ?? 'another CLC'}; ${target.name} is at ${target.clc_code}.`,
      });
    else done.push(id);
  }
  if (done.length) {
    await deps.db.transaction(async (tx) => {
      await repo.placeMany(
        tx,
        done.map((enrolmentId) => ({ enrolmentId, classId: target?.id ?? null })),
        target !== null,
      );
      await auditMany(
        tx,
        auth,
        done.map((enrolmentId) => ({
          action: 'enrolment.moved',
          entityType: 'enrolment',
          entityId: enrolmentId,
          changes: {
            from: members.find((m) => m.enrolment_id === enrolmentId)?.class_id ?? null,
            to: target?.id ?? null,
          },
        })),
      );
    });
  }
  return { done, refused };
}

export async function deleteClass(
  deps: Deps,
  auth: AuthContext,
  programmeId: number,
  classId: number,
): Promise<void> {
  await programmeFor(deps.db, auth, programmeId, true);
  const found = await classOf(deps, auth, programmeId, classId);
  const members = await repo.findMembers(deps.db, programmeId, classScope(auth));
  const size = members.filter((m) => m.class_id === classId).length;
  if (size > 0)
    throw new AppError(
      409,
      'CONFLICT',
      `${found.name} still has ${String(size)} student${size === 1 ? '' : 's'}; move them first.`,
    );
  await deps.db.transaction(async (tx) => {
    await repo.deleteClasses(tx, [classId]);
    await audit(tx, auth, {
      action: 'class.deleted',
      entityType: 'class',
      entityId: classId,
      changes: { name: found.name },
    });
  });
}
