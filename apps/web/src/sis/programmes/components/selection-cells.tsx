import { useState } from 'react';
import { Checkbox, Table } from '@mantine/core';

type Toggle = (enrolmentIds: number[], checked: boolean) => void;

/** The enrolments selected in a table by these cells, a toggle for them, and the setter (to clear
 * or replace the selection). */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const toggle: Toggle = (ids, checked) => {
    setSelected((before) => {
      const next = new Set(before);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  };
  return { selected, setSelected, toggle };
}

type SelectAllHeaderProps = {
  label: string;
  /** The rows shown, by enrolment. */
  ids: readonly number[];
  selected: ReadonlySet<number>;
  onToggle: Toggle;
};

/** The header cell that selects every row shown, or none: checked when all are, half when some
 * are. */
export function SelectAllHeader({ label, ids, selected, onToggle }: SelectAllHeaderProps) {
  const all = ids.length > 0 && ids.every((id) => selected.has(id));
  const some = ids.some((id) => selected.has(id));
  return (
    <Table.Th w={32}>
      <Checkbox
        size="xs"
        aria-label={label}
        checked={all}
        indeterminate={some && !all}
        onChange={(event) => {
          onToggle([...ids], event.currentTarget.checked);
        }}
      />
    </Table.Th>
  );
}

type SelectRowCellProps = {
  label: string;
  id: number;
  selected: ReadonlySet<number>;
  onToggle: Toggle;
};

/** The cell that selects one row. */
export function SelectRowCell({ label, id, selected, onToggle }: SelectRowCellProps) {
  return (
    <Table.Td>
      <Checkbox
        size="xs"
        aria-label={label}
        checked={selected.has(id)}
        onChange={(event) => {
          onToggle([id], event.currentTarget.checked);
        }}
      />
    </Table.Td>
  );
}
