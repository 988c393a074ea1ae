import { VisuallyHidden } from '@mantine/core';
import type { Role } from '@lantern/contracts/authorisation';
import { rightActionLabel, rightFamilyLabel, rightLabel } from '@lantern/contracts/labels';
import type { RightFamily } from '../matrix';
import './rights-matrix.css';

type RightsMatrixProps = {
  roles: Role[];
  families: RightFamily[];
  /** Absent: the matrix is read only. */
  onToggle?: ((role: Role, right: string, held: boolean) => void) | undefined;
};

/** Roles across, rights down, grouped by family; a tick where the role holds the right. */
export function RightsMatrix({ roles, families, onToggle }: RightsMatrixProps) {
  const held = new Map(roles.map((r) => [r.key, new Set(r.rights)]));
  return (
    <div className="rights-matrix-scroll" tabIndex={0} aria-label="Roles and rights">
      <table className="rights-matrix">
        <caption>
          <VisuallyHidden>Which role holds which right</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <th className="right" scope="col">
              Right
            </th>
            {roles.map((role) => (
              <th key={role.key} className="role" scope="col" title={role.key}>
                <span>{role.label}</span>
              </th>
            ))}
          </tr>
        </thead>
        {families.map((family) => (
          <tbody key={family.family}>
            <tr className="family">
              <th className="right" scope="rowgroup">
                {rightFamilyLabel(family.family)}{' '}
                <span className="right-code">{family.family}</span>
              </th>
              <td colSpan={roles.length} />
            </tr>
            {family.rights.map((right) => (
              <tr key={right.key}>
                <th className="right" scope="row" title={rightLabel(right.key)}>
                  {rightActionLabel(right.action)} <span className="right-code">{right.key}</span>
                </th>
                {roles.map((role) => {
                  const isHeld = held.get(role.key)?.has(right.key) ?? false;
                  return (
                    <td key={role.key}>
                      {onToggle ? (
                        <input
                          type="checkbox"
                          checked={isHeld}
                          aria-label={`${role.label}: ${rightLabel(right.key)}`}
                          onChange={() => {
                            onToggle(role, right.key, !isHeld);
                          }}
                        />
                      ) : isHeld ? (
                        <span
                          role="img"
                          aria-label={`${role.label} holds ${rightLabel(right.key)}`}
                        >
                          ✓
                        </span>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
