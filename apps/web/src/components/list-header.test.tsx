import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@mantine/core';
import { renderWithProviders } from '../test/render';
import { FilterSelect, ListFilters, ListHeader } from './list-header';

describe('ListHeader, ListFilters and FilterSelect', () => {
  it('titles the list at its level, with its actions', () => {
    renderWithProviders(
      <>
        <ListHeader title="CLC partners">
          <Button size="xs">New CLC partner</Button>
        </ListHeader>
        <ListHeader title="Students" level={2} />
      </>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'CLC partners' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Students' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New CLC partner' })).toBeInTheDocument();
  });

  it('shows the search of the address beside the filters, and a filter cleared back to all', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <ListFilters q="kak" onSearch={vi.fn()} placeholder="Name or code">
        <FilterSelect
          label="Status"
          placeholder="All"
          data={[{ value: 'true', label: 'Active' }]}
          value="true"
          onChange={onChange}
          width={130}
        />
      </ListFilters>,
    );
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('kak');
    expect(screen.getByRole('textbox', { name: 'Status' })).toHaveValue('Active');
    const clear = document.querySelector<HTMLButtonElement>('.mantine-InputClearButton-root');
    if (!clear) throw new Error('no clear button');
    await userEvent.setup().click(clear);
    expect(onChange).toHaveBeenCalledWith(null, null);
  });

  it('shows a filter that is not set as all', () => {
    renderWithProviders(
      <FilterSelect
        label="Status"
        placeholder="All"
        data={[{ value: 'true', label: 'Active' }]}
        value={undefined}
        onChange={vi.fn()}
        width={130}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Status' })).toHaveValue('');
  });
});
