import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../test/render';
import { ListTable } from './list-table';

type Row = { id: number; name: string };
const ROWS: Row[] = [
  { id: 1, name: 'Amina' },
  { id: 2, name: 'Boris' },
];

const page = {
  items: ROWS,
  total: 60,
  page: 2,
  limit: 25,
  sort: 'name' as 'name' | 'id',
  dir: 'asc' as const,
  isFetching: false,
  onPageChange: vi.fn(),
  onLimitChange: vi.fn(),
  onSortChange: vi.fn(),
};

const columns = [
  { accessor: 'id' as const, title: 'ID', sortable: true },
  { accessor: 'name' as const, title: 'Name', sortable: true },
];

describe('ListTable', () => {
  it('shows the page, changes the sort and opens a row', async () => {
    const onSortChange = vi.fn();
    const onOpen = vi.fn();
    renderWithProviders(
      <ListTable
        {...page}
        onSortChange={onSortChange}
        label="Things"
        minHeight={200}
        noRecordsText="No things found"
        columns={columns}
        onOpen={onOpen}
      />,
    );
    const user = userEvent.setup();
    const table = screen.getByRole('table', { name: 'Things' });
    expect(screen.getByText('26–27 of 60')).toBeInTheDocument();
    expect(screen.getByText('Rows per page')).toBeInTheDocument();

    await user.click(within(table).getByText('ID'));
    expect(onSortChange).toHaveBeenCalledWith('id', 'asc');
    await user.click(within(table).getByText('Boris'));
    expect(onOpen).toHaveBeenCalledWith(ROWS[1]);
  });

  it('names every selection checkbox and reports the selection', async () => {
    const onSelectedChange = vi.fn();
    renderWithProviders(
      <ListTable
        {...page}
        label="Things"
        minHeight={200}
        noRecordsText="No things found"
        columns={columns}
        selection={{ selected: [], onSelectedChange, nameOf: (row) => row.name }}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Select Boris' }));
    expect(onSelectedChange).toHaveBeenCalledWith([ROWS[1]]);
  });

  it('says when there is no row', () => {
    renderWithProviders(
      <ListTable
        {...page}
        items={[]}
        total={0}
        label="Things"
        minHeight={200}
        noRecordsText="No things found"
        columns={columns}
      />,
    );
    expect(screen.getByText('No things found')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
