import { RIGHTS, rightAction, rightFamily, type Right } from './rights';
import { DEFAULT_ROLES, ROLE_KEYS, defaultRightsOf } from './roles';

/** A role's rights, compact: a family it holds whole is written `FAMILY (all)`. */
function describeRights(held: readonly Right[]): string {
  const byFamily = new Map<string, string[]>();
  for (const right of held) {
    const fam = rightFamily(right);
    byFamily.set(fam, [...(byFamily.get(fam) ?? []), rightAction(right)]);
  }
  return [...byFamily.entries()]
    .map(([fam, actions]) => {
      const total = RIGHTS.filter((r) => rightFamily(r) === fam).length;
      return actions.length === total ? `${fam} (all)` : `${fam} (${actions.join(', ')})`;
    })
    .join('; ');
}

/** The default role → right map as a Markdown table, for docs/decisions. */
export function roleRightsTable(): string {
  const lines = ['| Role | Scope | Rights | Why |', '| --- | --- | --- | --- |'];
  for (const key of ROLE_KEYS) {
    const role = DEFAULT_ROLES[key];
    const held = defaultRightsOf(key);
    const rights =
      held.length === RIGHTS.length
        ? `every right (${held.length})`
        : `${describeRights(held)} — ${held.length} rights`;
    lines.push(`| ${key} (${role.label}) | ${role.scope} | ${rights} | ${role.why} |`);
  }
  return lines.join('\n');
}
