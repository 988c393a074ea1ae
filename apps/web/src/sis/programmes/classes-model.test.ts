import { describe, expect, it } from 'vitest';
import type { ProgrammeClass, ProgrammeClasses } from '@lantern/contracts/classes';
import {
  classesByClc,
  distributePlan,
  distributeResultText,
  isOverCapacity,
  moveTargets,
  NO_CLASS,
  placementsOf,
  sizeText,
  type ClassMember,
} from './classes-model';

const KAK = { id: 1, code: 'KAK', name: 'Kakuma' };
const AMM = { id: 2, code: 'AMM', name: 'Amman' };

const member = (enrolmentId: number): ClassMember => ({
  enrolmentId,
  studentId: 1000 + enrolmentId,
  firstName: 'S',
  lastName: String(enrolmentId),
  placedManually: false,
  onBreak: false,
});

const klass = (
  id: number,
  name: string,
  clc: typeof KAK,
  members: ClassMember[],
  capacity = 15,
): ProgrammeClass => ({
  id,
  name,
  clc,
  capacity,
  size: members.length,
  staff: [],
  members,
  version: 1,
});

const data: ProgrammeClasses = {
  programme: {
    id: 1,
    code: '101',
    title: 'Test',
    status: 'running',
    clcs: [AMM, KAK],
  },
  ownClassesOnly: false,
  classes: [
    klass(12, 'KAK-10', KAK, [member(3)]),
    klass(11, 'KAK-2', KAK, [member(1), member(2)]),
    klass(21, 'AMM-1', AMM, [member(5)]),
  ],
  unplaced: [{ clc: { id: 1, code: 'KAK' }, members: [member(4)] }],
};

describe('classesByClc', () => {
  it('groups classes and unplaced students by CLC in the programme’s order, names numerically', () => {
    const sections = classesByClc(data, [AMM, KAK]);
    expect(sections.map((s) => s.clc.code)).toEqual(['AMM', 'KAK']);
    expect(sections[1]?.classes.map((c) => c.name)).toEqual(['KAK-2', 'KAK-10']);
    expect(sections[1]?.unplaced.map((m) => m.enrolmentId)).toEqual([4]);
    expect(sections[0]?.unplaced).toEqual([]);
  });

  it('keeps a CLC the programme no longer lists while it still has classes', () => {
    expect(classesByClc(data, [KAK]).map((s) => s.clc.code)).toEqual(['KAK', 'AMM']);
  });
});

describe('moveTargets', () => {
  const [, kak] = classesByClc(data, [AMM, KAK]);
  if (!kak) throw new Error('no KAK section');
  const placement = placementsOf(kak);

  it('offers only the classes of the students’ own CLC, not the one they are all in', () => {
    const targets = moveTargets(kak, [1, 2], placement);
    expect(targets.map((t) => t.label)).toEqual(['KAK-10 (1 / 15)', 'No class (unplaced)']);
    expect(targets.some((t) => t.label.startsWith('AMM'))).toBe(false);
  });

  it('offers every class of the CLC for a selection from several classes', () => {
    expect(moveTargets(kak, [1, 3], placement).map((t) => t.value)).toEqual(['11', '12', NO_CLASS]);
  });

  it('does not offer "no class" when every selected student is unplaced', () => {
    expect(moveTargets(kak, [4], placement).map((t) => t.value)).toEqual(['11', '12']);
  });
});

describe('sizes and texts', () => {
  it('shows the size against the capacity and says when it is over', () => {
    expect(sizeText({ size: 13, capacity: 15 })).toBe('13 / 15');
    expect(isOverCapacity({ size: 15, capacity: 15 })).toBe(false);
    expect(isOverCapacity({ size: 16, capacity: 15 })).toBe(true);
  });

  it('says before what distributing will do, and after what it did', () => {
    expect(distributePlan(20, true).join(' ')).toMatch(
      /classes of at most 20.*placed by hand stay.*capacity becomes 20/,
    );
    expect(distributePlan(15, false)[1]).toBe('Students placed by hand are distributed too.');
    expect(distributeResultText({ classes: 3, placed: 40, kept: 2, created: 1, removed: 0 })).toBe(
      'Into 3 classes: 40 placed, 2 kept where placed by hand, 1 created, 0 removed.',
    );
  });
});
