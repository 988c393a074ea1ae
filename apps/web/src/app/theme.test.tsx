import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Alert, Anchor, Badge, Drawer, Modal, Pagination, Text } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { TABLE_LOOK } from '../components/list-table';
import { renderWithProviders } from '../test/render';

/* Controls drawn as icons are named once, in the theme, for every use. */
describe('the theme names icon controls', () => {
  it('names a pagination’s arrows and page buttons', () => {
    renderWithProviders(<Pagination total={5} value={2} onChange={() => undefined} withEdges />);
    for (const name of [
      'First page',
      'Previous page',
      'Next page',
      'Last page',
      'Page 1',
      'Page 5',
    ])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it('names the close button of a modal and of a drawer', async () => {
    renderWithProviders(
      <>
        <Modal opened onClose={() => undefined} title="Approve these grades?">
          Body
        </Modal>
        <Drawer opened onClose={() => undefined} title="Filters">
          Body
        </Drawer>
      </>,
    );
    expect(await screen.findAllByRole('button', { name: 'Close' })).toHaveLength(2);
  });
});

/* Findings of axe at 1280 and 390 px, fixed once in the theme for every use. */
describe('the theme keeps links, badges and alerts accessible', () => {
  it('underlines a link inside text, and gives a link standing alone a 24 px target', () => {
    renderWithProviders(
      <>
        <Text>
          See <Anchor href="/en/class/1">Class A</Anchor> for details.
        </Text>
        <Anchor href="/en/course/2" size="xs">
          Course
        </Anchor>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Class A' })).toHaveStyle({
      textDecoration: 'underline',
    });
    expect(screen.getByRole('link', { name: 'Course' })).toHaveStyle({ minHeight: '24px' });
  });

  it('keeps no underline on a link that asks for none (the logo, a card that is one link)', () => {
    renderWithProviders(
      <Anchor href="/en" underline="never">
        Lantern
      </Anchor>,
    );
    expect(screen.getByRole('link', { name: 'Lantern' }).getAttribute('style') ?? '').not.toContain(
      'underline',
    );
  });

  it('writes a light badge and a light alert’s title in dark text', () => {
    renderWithProviders(
      <>
        <Badge variant="light" color="teal.9">
          Published
        </Badge>
        <Alert color="blue" title="Converted grade">
          B
        </Alert>
      </>,
    );
    expect(
      screen.getByText('Published').closest('.mantine-Badge-root')?.getAttribute('style'),
    ).toContain('color: var(--mantine-color-dark-8)');
    expect(
      screen.getByText('Converted grade').closest('.mantine-Alert-title')?.getAttribute('style'),
    ).toContain('color: var(--mantine-color-dark-8)');
  });

  it('lets a keyboard reach the scrolling box of every data table', () => {
    renderWithProviders(
      <DataTable
        {...TABLE_LOOK}
        aria-label="Mail log"
        records={[{ id: 1, subject: 'Welcome' }]}
        columns={[{ accessor: 'subject' }]}
      />,
    );
    expect(document.querySelector('.mantine-ScrollArea-viewport')).toHaveAttribute('tabindex', '0');
  });
});
