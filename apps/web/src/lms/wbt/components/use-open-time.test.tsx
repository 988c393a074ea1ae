import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { WBT_OPEN_TIME_EVERY_SECONDS, type WbtLaunch } from '@lantern/contracts/wbt';
import { jsonResponse, urlOf } from '../../../test/render';
import { useOpenTime } from './use-open-time';

const fetchMock = vi.fn<typeof fetch>();
const posted: { url: string; body: unknown }[] = [];

const launch = (over: Partial<WbtLaunch> = {}): WbtLaunch => ({
  mode: 'normal',
  reason: null,
  attempt: {
    id: 70,
    attempt: 1,
    completion: 'unknown',
    success: 'unknown',
    scoreScaled: null,
    totalSeconds: 0,
    submissionId: null,
    startedAt: '2026-03-01T10:00:00.000Z',
    completedAt: null,
    lastCommitAt: null,
  },
  parts: [{ index: 0, title: 'Fire drill', state: 'not_started' }],
  startSco: 0,
  launchNo: 2,
  standard: 'html',
  scos: [{ index: 0, identifier: 'html', title: 'Fire drill', href: 'index.html', parameters: '' }],
  contentOrigin: 'http://localhost:4001',
  playerUrl: 'http://localhost:4001/player/html.html',
  contentBase: 'http://localhost:4001/c/tok/',
  expiresAt: '2026-03-15T23:59:59.000Z',
  cmi: {},
  learner: { id: '15', name: 'Haddad, Amal' },
  credit: 'credit',
  display: { mode: 'embedded', heightPx: 600 },
  markDone: true,
  ...over,
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  posted.length = 0;
  localStorage.setItem('authCode', 'token');
  fetchMock.mockImplementation((input, init) => {
    posted.push({
      url: urlOf(input),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
    });
    return Promise.resolve(jsonResponse(launch().attempt));
  });
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useOpenTime', () => {
  it('reports an HTML package’s time open on a schedule and when the page leaves it', () => {
    let now = 1_000_000;
    const { result, unmount } = renderHook(() => useOpenTime(launch(), undefined, () => now));
    now += 42_000;
    expect(result.current()).toBe(42);
    act(() => {
      vi.advanceTimersByTime(WBT_OPEN_TIME_EVERY_SECONDS * 1000);
    });
    expect(posted).toEqual([
      {
        url: '/api/en/lms/wbt-attempt/70/open-time',
        body: { launchNo: 2, sco: 0, openSeconds: 42 },
      },
    ]);
    now += 8_000;
    unmount();
    expect(posted.at(-1)?.body).toEqual({ launchNo: 2, sco: 0, openSeconds: 50 });
  });

  it('counts nothing for a SCORM package or a review', () => {
    let now = 0;
    for (const over of [{ standard: 'scorm12' as const }, { mode: 'review' as const }]) {
      const { unmount } = renderHook(() => useOpenTime(launch(over), undefined, () => now));
      now += 90_000;
      act(() => {
        vi.advanceTimersByTime(WBT_OPEN_TIME_EVERY_SECONDS * 1000);
      });
      unmount();
    }
    expect(posted).toEqual([]);
  });
});
