import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Drawer, Modal, Pagination } from '@mantine/core';
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
