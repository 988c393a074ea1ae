import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { ListSearch } from './list-search';

describe('ListSearch', () => {
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '/');
  });

  const typeAndWait = (leaveFirst: boolean) => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    window.history.replaceState(null, '', '/en/programme/list/professional-certificate');
    renderWithProviders(<ListSearch value="" onSearch={onSearch} placeholder="Code or title" />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), {
      target: { value: 'Community Health' },
    });
    // A row clicked within the pause: the address moves on while the list is still mounted.
    if (leaveFirst) window.history.pushState(null, '', '/en/programme/professional-certificate/1');
    act(() => {
      vi.advanceTimersByTime(400);
    });
    return onSearch;
  };

  it('searches once the user pauses typing', () => {
    expect(typeAndWait(false)).toHaveBeenCalledWith('Community Health');
  });

  it('drops the search when the address moved to another page during the pause', () => {
    expect(typeAndWait(true)).not.toHaveBeenCalled();
  });
});
