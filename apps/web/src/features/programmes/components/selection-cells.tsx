import { Checkbox, Table } from '@mantine/core';

type Toggle = (enrolmentIds: number[], checked: boolean) => void;

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
