import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { BASE_DATA } from '../test/fixtures';
import { jsonResponse } from '../test/render';
import { BASE_DATA_REFRESH_MS, baseDataQueryOptions } from './base-data';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.setItem('authCode', 'token');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('base data', () => {
  it('is loaded again every 30 minutes, well within the hour a signed photo link lasts', async () => {
    const photo = (n: number) => `/api/en/profile/photo/1?expires=${n}&signature=s${n}`;
    let n = 0;
    fetchMock.mockImplementation(() => {
      n += 1;
      return Promise.resolve(
        jsonResponse({ ...BASE_DATA, user: { ...BASE_DATA.user, profilePhoto: photo(n) } }),
      );
    });
    const observer = new QueryObserver(new QueryClient(), baseDataQueryOptions('sis'));
    const unsubscribe = observer.subscribe(() => undefined);
    try {
      await vi.advanceTimersByTimeAsync(0);
      expect(observer.getCurrentResult().data?.user.profilePhoto).toBe(photo(1));

      await vi.advanceTimersByTimeAsync(BASE_DATA_REFRESH_MS - 1000);
      expect(fetchMock).toHaveBeenCalledTimes(1);

      await vi.advanceTimersByTimeAsync(1000);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(observer.getCurrentResult().data?.user.profilePhoto).toBe(photo(2));
    } finally {
      unsubscribe();
    }
  });
});
