import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Table } from '@mantine/core';
import { renderWithProviders } from '../../../test/render';
import { SelectAllHeader, SelectRowCell, useSelection } from './selection-cells';

function Rows({ selected, onToggle }: { selected: ReadonlySet<number>; onToggle: () => void }) {
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <SelectAllHeader
            label="Select all"
            ids={[1, 2]}
            selected={selected}
            onToggle={onToggle}
          />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <Table.Tr>
          <SelectRowCell label="Select Amina" id={1} selected={selected} onToggle={onToggle} />
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

describe('SelectAllHeader and SelectRowCell', () => {
  it('shows all, some or none of the rows as selected', () => {
    const { rerender } = renderWithProviders(<Rows selected={new Set([1])} onToggle={vi.fn()} />);
    const all = () => screen.getByRole('checkbox', { name: 'Select all' });
    expect(all()).not.toBeChecked();
    expect(all()).toHaveAttribute('data-indeterminate', 'true');
    expect(screen.getByRole('checkbox', { name: 'Select Amina' })).toBeChecked();

    rerender(<Rows selected={new Set([1, 2])} onToggle={vi.fn()} />);
    expect(all()).toBeChecked();
    rerender(<Rows selected={new Set()} onToggle={vi.fn()} />);
    expect(all()).not.toBeChecked();
    expect(all()).not.toHaveAttribute('data-indeterminate');
  });

  it('toggles every row shown, or one', async () => {
    const onToggle = vi.fn();
    renderWithProviders(<Rows selected={new Set()} onToggle={onToggle} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Amina' }));
    expect(onToggle.mock.calls).toEqual([
      [[1, 2], true],
      [[1], true],
    ]);
  });
});

describe('useSelection', () => {
  it('adds and removes the toggled rows, and clears', () => {
    const { result } = renderHook(() => useSelection());
    act(() => {
      result.current.toggle([1, 2, 3], true);
    });
    act(() => {
      result.current.toggle([2], false);
    });
    expect([...result.current.selected]).toEqual([1, 3]);
    act(() => {
      result.current.setSelected(new Set());
    });
    expect(result.current.selected.size).toBe(0);
  });
});
