import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import { ClassFlagBadge } from './class-flag-badge';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ClassFlagBadge', () => {
  it('says how many of the class are flagged, from the class’s own count', async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        urlOf(input).endsWith('/api/en/dropout-flagging/class/7')
          ? jsonResponse({ flagged: 3 })
          : jsonResponse({}, 404),
      ),
    );
    renderWithProviders(<ClassFlagBadge classId={7} />);
    expect(await screen.findByText('3 students flagged for dropout')).toBeInTheDocument();
  });

  it('shows nothing when nobody is flagged', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ flagged: 0 })));
    const { container } = renderWithProviders(<ClassFlagBadge classId={7} />);
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalled();
    });
    expect(container).not.toHaveTextContent(/flagged/);
  });
});
