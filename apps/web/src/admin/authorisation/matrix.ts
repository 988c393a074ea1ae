import type { RightInfo, Role } from '@lantern/contracts/authorisation';
import { rightFamilyLabel, rightLabel } from '@lantern/contracts/labels';

export type RightFamily = { family: string; rights: RightInfo[] };

/** Text compared loosely: case, spaces and underscores do not matter ("role edit" finds
 * ROLE__EDIT, "to right" finds ROLE_TO_RIGHT). */
const loose = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[\s_]+/g, ' ')
    .trim();

/** Whether a right matches a search: by its key or label, or by a role that holds it
 * (key or label) when `holders` is given. */
export function rightMatches(right: RightInfo, query: string, holders: readonly Role[] = []) {
  const q = loose(query);
  if (q === '') return true;
  return (
    loose(right.key).includes(q) ||
    loose(rightLabel(right.key)).includes(q) ||
    holders.some((r) => loose(r.key).includes(q) || loose(r.label).includes(q))
  );
}

/**
 * The rights grouped by family in catalogue order, families alphabetical. A search that matches a
 * family's name keeps the whole family; otherwise only the matching rights, and families left
 * empty go.
 */
export function groupRights(rights: readonly RightInfo[], query = ''): RightFamily[] {
  const q = loose(query);
  const families = new Map<string, RightInfo[]>();
  for (const right of rights) {
    const list = families.get(right.family) ?? [];
    list.push(right);
    families.set(right.family, list);
  }
  return [...families.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([family, list]) => ({
      family,
      rights:
        q === '' || loose(family).includes(q) || loose(rightFamilyLabel(family)).includes(q)
          ? list
          : list.filter((r) => rightMatches(r, q)),
    }))
    .filter((f) => f.rights.length > 0);
}

/** Which roles hold each right. */
export function holdersByRight(roles: readonly Role[]): Map<string, Role[]> {
  const holders = new Map<string, Role[]>();
  for (const role of roles) {
    for (const right of role.rights) {
      const list = holders.get(right) ?? [];
      list.push(role);
      holders.set(right, list);
    }
  }
  return holders;
}

/** A role's rights with one right given or taken away, sorted. */
export function withRight(rights: readonly string[], right: string, held: boolean): string[] {
  const set = new Set(rights);
  if (held) set.add(right);
  else set.delete(right);
  return [...set].sort();
}

/** What a new set of rights changes against the held one. */
export function rightsChange(held: readonly string[], wanted: readonly string[]) {
  const before = new Set(held);
  const after = new Set(wanted);
  return {
    added: [...after].filter((r) => !before.has(r)).sort(),
    removed: [...before].filter((r) => !after.has(r)).sort(),
  };
}

/** "This changes the rights of N users" — what the confirmation says. */
export const affectedText = (userCount: number): string =>
  `This changes the rights of ${userCount} ${userCount === 1 ? 'user' : 'users'}.`;
