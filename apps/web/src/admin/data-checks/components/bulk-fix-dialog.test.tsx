import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchCall, jsonResponse, renderWithProviders } from '../../../test/render';
import { BulkFixDialog } from './bulk-fix-dialog';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.setItem('authCode', 'token');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const preview = {
  changes: [
    {
      id: 10354,
      version: 3,
      name: 'Amani Lokure  Ekai',
      fields: [
        { field: 'firstName', before: ' Amani', after: 'Amani' },
        { field: 'lastName', before: 'Lokure  Ekai ', after: 'Lokure Ekai' },
      ],
    },
  ],
  manual: 2,
  more: false,
};

describe('BulkFixDialog', () => {
  it('shows exactly the previewed changes and sends exactly them back', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(preview))
      .mockResolvedValueOnce(
        jsonResponse({ changed: 0, skipped: [{ id: 10354, reason: 'Changed since the preview' }] }),
      );
    const onDone = vi.fn();
    renderWithProviders(
      <BulkFixDialog
        check="data-with-spaces"
        q="lokure"
        opened
        onClose={vi.fn()}
        onDone={onDone}
      />,
    );
    expect(await screen.findByText('␣Amani')).toBeInTheDocument();
    expect(screen.getByText('Lokure␣␣Ekai␣')).toBeInTheDocument();
    expect(screen.getByText('Lokure Ekai')).toBeInTheDocument();
    expect(screen.getByText(/2 people need a fix by hand/)).toBeInTheDocument();
    const first = fetchCall(fetchMock, 0);
    expect(first.url).toBe('/api/en/user-data-checker/data-with-spaces/preview?q=lokure');
    expect(first.init.method).toBe('POST');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Apply 1 change' }));
    await vi.waitFor(() => {
      expect(onDone).toHaveBeenCalledOnce();
    });
    const second = fetchCall(fetchMock, 1);
    expect(second.url).toBe('/api/en/user-data-checker/data-with-spaces/fix');
    expect(JSON.parse(second.init.body as string)).toEqual({ changes: preview.changes });
    expect(onDone).toHaveBeenCalledWith({
      changed: 0,
      skipped: [{ id: 10354, reason: 'Changed since the preview' }],
    });
  });

  it('offers nothing to apply when nothing can be fixed automatically', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ changes: [], manual: 1, more: false }));
    const onClose = vi.fn();
    renderWithProviders(
      <BulkFixDialog check="phone-numbers" q="" opened onClose={onClose} onDone={vi.fn()} />,
    );
    expect(await screen.findByText(/Nothing can be fixed automatically/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });
});
