import type { ProgrammeClass, ProgrammeClasses } from '@lantern/contracts/classes';
import type { Programme } from '@lantern/contracts/programme';

export type ClassMember = ProgrammeClass['members'][number];
type ClcRef = { id: number; code: string; name: string };

/** One CLC of the programme with its classes and its active students in no class. */
export type ClcClasses = { clc: ClcRef; classes: ProgrammeClass[]; unplaced: ClassMember[] };

/** The classes page by CLC, in the programme's CLC order; a CLC the programme no longer lists
 * but that still has classes comes after them. */
export function classesByClc(
  data: ProgrammeClasses,
  programmeClcs: Programme['clcs'],
): ClcClasses[] {
  const known = new Map<number, ClcRef>(programmeClcs.map((clc) => [clc.id, clc]));
  for (const c of data.classes) if (!known.has(c.clc.id)) known.set(c.clc.id, c.clc);
  for (const u of data.unplaced)
    if (!known.has(u.clc.id)) known.set(u.clc.id, { ...u.clc, name: u.clc.code });
  return [...known.values()].map((clc) => ({
    clc,
    classes: data.classes
      .filter((c) => c.clc.id === clc.id)
      .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true })),
    unplaced: data.unplaced.find((u) => u.clc.id === clc.id)?.members ?? [],
  }));
}

/** '13 / 15': a class's size against its capacity. */
export const sizeText = (c: Pick<ProgrammeClass, 'size' | 'capacity'>) =>
  `${c.size} / ${c.capacity}`;
export const isOverCapacity = (c: Pick<ProgrammeClass, 'size' | 'capacity'>) => c.size > c.capacity;

/** Where a selected student sits now: a class id, or null when unplaced. */
export type Placement = ReadonlyMap<number, number | null>;

export function placementsOf(section: ClcClasses): Map<number, number | null> {
  const map = new Map<number, number | null>();
  for (const c of section.classes) for (const m of c.members) map.set(m.enrolmentId, c.id);
  for (const m of section.unplaced) map.set(m.enrolmentId, null);
  return map;
}

export type MoveTarget = { value: string; label: string };
/** The select's value for "out of every class". */
export const NO_CLASS = 'none';

/**
 * Where the selected students may go: the classes of their own CLC (the server refuses any
 * other), leaving out the one class all of them are in already; "No class" when any of them is
 * in one.
 */
export function moveTargets(
  section: ClcClasses,
  selected: readonly number[],
  placement: Placement,
): MoveTarget[] {
  const from = new Set(selected.map((id) => placement.get(id) ?? null));
  const onlyFrom = from.size === 1 ? [...from][0] : undefined;
  const targets: MoveTarget[] = section.classes
    .filter((c) => c.id !== onlyFrom)
    .map((c) => ({ value: String(c.id), label: `${c.name} (${sizeText(c)})` }));
  if ([...from].some((classId) => classId !== null))
    targets.push({ value: NO_CLASS, label: 'No class (unplaced)' });
  return targets;
}

export type DistributeResult = {
  classes: number;
  placed: number;
  kept: number;
  created: number;
  removed: number;
};

/** What distributing will do, said before it happens. */
export function distributePlan(size: number, keepManual: boolean): string[] {
  return [
    `Every active student of each CLC is placed into classes of at most ${size}, filled evenly; as few classes as that size allows.`,
    keepManual
      ? 'Students placed by hand stay in their class.'
      : 'Students placed by hand are distributed too.',
    `Classes are created where needed, every class's capacity becomes ${size}, and classes left empty without staff are removed.`,
  ];
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What distributing did. */
export const distributeResultText = (r: DistributeResult) =>
  `Into ${count(r.classes, 'class', 'classes')}: ${r.placed} placed, ${r.kept} kept where placed by hand, ${r.created} created, ${r.removed} removed.`;
