import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { MyWork } from '@lantern/contracts/learning-work';
import type { WbtAttemptSummary, WbtLaunch, WbtMyAttempts, WbtPart } from '@lantern/contracts/wbt';
import { BASE_DATA } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import UnitWbtRoute from './unit-wbt';

const CONTENT = 'http://localhost:4001';
const fetchMock = vi.fn<typeof fetch>();
const posted: { url: string; body: unknown }[] = [];

const work: MyWork = {
  task: {
    id: 9,
    kind: 'wbt',
    title: 'Fire safety',
    body: '<p>Play the training.</p>',
    course: { id: 3, code: 'SAF101', title: 'Safety' },
    unit: { id: 4, title: 'At work' },
    delivery: 'online',
    maxPoints: 10,
    dueAt: null,
    lateUntil: null,
    settings: {
      minWords: null,
      maxWords: null,
      maxAttempts: null,
      accept: [],
      maxFiles: null,
      maxFileBytes: null,
      maxSeconds: null,
      allowFile: false,
    },
  },
  state: 'not_started',
  attempts: [],
  draft: null,
  blocked: null,
  studyBreakUntil: null,
};

const attempt = (over: Partial<WbtAttemptSummary> = {}): WbtAttemptSummary => ({
  id: 70,
  attempt: 1,
  completion: 'incomplete',
  success: 'unknown',
  scoreScaled: null,
  totalSeconds: 95,
  submissionId: null,
  startedAt: '2026-03-01T10:00:00.000Z',
  completedAt: null,
  lastCommitAt: '2026-03-01T10:05:00.000Z',
  ...over,
});

const PARTS: WbtPart[] = [
  { index: 0, title: 'Alarms', state: 'passed' },
  { index: 1, title: 'Exits', state: 'in_progress' },
  { index: 2, title: 'Extinguishers', state: 'not_started' },
];

const scos = PARTS.map((p) => ({
  index: p.index,
  identifier: `S${String(p.index)}`,
  title: p.title,
  href: `part${String(p.index + 1)}.html`,
  parameters: '',
}));

const mine = (over: Partial<WbtMyAttempts> = {}): WbtMyAttempts => ({
  attempts: [attempt()],
  maxAttempts: null,
  mayStartAgain: false,
  standard: 'scorm12',
  title: 'Fire safety',
  display: { mode: 'embedded', heightPx: 600 },
  parts: PARTS,
  ...over,
});

const launchOf = (over: Partial<WbtLaunch> = {}): WbtLaunch => ({
  mode: 'normal',
  reason: null,
  attempt: attempt(),
  parts: PARTS,
  startSco: 1,
  launchNo: 3,
  standard: 'scorm12',
  scos,
  contentOrigin: CONTENT,
  playerUrl: `${CONTENT}/player/scorm12.html`,
  contentBase: `${CONTENT}/c/tok/`,
  expiresAt: '2026-03-15T23:59:59.000Z',
  cmi: {},
  learner: { id: '15', name: 'Haddad, Amal' },
  credit: 'credit',
  display: { mode: 'embedded', heightPx: 600 },
  markDone: false,
  ...over,
});

function open(attempts: WbtMyAttempts, launch: WbtLaunch) {
  fetchMock.mockImplementation((input, init) => {
    const url = urlOf(input);
    if (init?.method === 'POST')
      posted.push({ url, body: typeof init.body === 'string' ? JSON.parse(init.body) : null });
    if (url.startsWith('/api/general/current-user/'))
      return Promise.resolve(jsonResponse(BASE_DATA));
    if (url.startsWith('/api/en/lms/task/9/my-work')) return Promise.resolve(jsonResponse(work));
    if (url.startsWith('/api/en/lms/wbt/9/my-attempts'))
      return Promise.resolve(jsonResponse(attempts));
    if (url.startsWith('/api/en/lms/wbt/9/launch')) return Promise.resolve(jsonResponse(launch));
    if (url.endsWith('/done'))
      return Promise.resolve(
        jsonResponse({
          results: [{ launchNo: 3, seq: 1, outcome: 'applied' }],
          attempt: attempt({ completion: 'completed', submissionId: 880 }),
        }),
      );
    if (url.endsWith('/open-time')) return Promise.resolve(jsonResponse(attempt()));
    if (url.includes('/commits'))
      return Promise.resolve(
        jsonResponse({
          results: [{ launchNo: 3, seq: 1, outcome: 'applied' }],
          attempt: attempt(),
        }),
      );
    return Promise.resolve(jsonResponse({ detail: 'Not found', code: 'NOT_FOUND' }, 404));
  });
  renderWithProviders(
    <Routes>
      <Route path="/en/unit_wbt/:itemId" element={<UnitWbtRoute />} />
    </Routes>,
    { route: '/en/unit_wbt/9' },
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  posted.length = 0;
  localStorage.clear();
  localStorage.setItem('authCode', 'token');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A message from the player frame, as the content origin sends it. */
function fromPlayer(data: unknown) {
  const frame = document.querySelector('iframe');
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { data, origin: CONTENT, source: frame?.contentWindow ?? null }),
    );
  });
}

describe('unit_wbt', () => {
  it('says "In progress" while an attempt is started, and lists each part with its state', async () => {
    open(mine(), launchOf());
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeTruthy();
    // The task's chip beside its title.
    const header = screen.getByRole('heading', { level: 1, name: 'Fire safety' }).parentElement;
    if (!header) throw new Error('The title has no row.');
    expect(within(header).getByText('In progress')).toBeTruthy();
    expect(within(header).queryByText('Not started')).toBeNull();
    const parts = screen.getByRole('list', { name: 'Parts' });
    const items = within(parts).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'AlarmsPassed',
      'ExitsIn progress',
      'ExtinguishersNot started',
    ]);
  });

  it('resumes at the part the learner was in, and after a part ends offers the next one', async () => {
    const user = userEvent.setup();
    open(mine(), launchOf());
    await user.click(await screen.findByRole('button', { name: 'Resume' }));
    const part = await screen.findByRole('textbox', { name: 'Part' });
    expect(part).toHaveValue('Exits — In progress');
    // The part's runtime finishes (LMSFinish): its last commit carries `terminate`.
    fromPlayer({ v: 1, type: 'ready' });
    fromPlayer({
      v: 1,
      type: 'commit',
      launchNo: 3,
      seq: 1,
      sco: 1,
      values: { 'cmi.core.lesson_status': 'completed' },
      terminate: true,
    });
    const status = await screen.findByText('You have finished “Exits”. Next: “Extinguishers”.');
    expect(status).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go on to “Extinguishers”' }));
    expect(screen.getByRole('textbox', { name: 'Part' })).toHaveValue(
      'Extinguishers — Not started',
    );
    expect(screen.queryByText(/You have finished/)).toBeNull();
  });

  it('opens a finished attempt as a review that says so; a new attempt is its own button', async () => {
    const user = userEvent.setup();
    const done = attempt({ completion: 'completed', completedAt: '2026-03-02T10:00:00.000Z' });
    open(
      mine({ attempts: [done], mayStartAgain: true }),
      launchOf({
        mode: 'review',
        attempt: done,
        launchNo: 0,
        credit: 'no-credit',
        reason: {
          code: 'WBT_ATTEMPT_FINISHED',
          detail: 'This attempt is finished: it opens for review, and nothing is recorded.',
        },
      }),
    );
    expect(await screen.findByRole('button', { name: 'Start a new attempt' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Review the finished attempt' }));
    expect(await screen.findByText('Review of a finished attempt')).toBeTruthy();
    expect(
      screen.getByText('This attempt is finished: it opens for review, and nothing is recorded.'),
    ).toBeTruthy();
    expect(posted.find((p) => p.url.endsWith('/launch'))?.body).toEqual({ newAttempt: false });
    // Nothing a review's runtime hands over is kept or sent.
    fromPlayer({ v: 1, type: 'ready' });
    fromPlayer({
      v: 1,
      type: 'commit',
      launchNo: 0,
      seq: 1,
      sco: 1,
      values: { 'cmi.core.lesson_status': 'incomplete' },
      terminate: false,
    });
    expect(posted.some((p) => p.url.includes('/commits'))).toBe(false);
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('marks an HTML package done with its time open; marked at once, the teacher grades it', async () => {
    const user = userEvent.setup();
    const html = [{ index: 0, title: 'Fire drill', state: 'not_started' as const }];
    open(
      mine({ attempts: [], standard: 'html', parts: html }),
      launchOf({
        standard: 'html',
        markDone: true,
        parts: html,
        startSco: 0,
        scos: scos.slice(0, 1),
        attempt: attempt({ completion: 'unknown' }),
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await user.click(await screen.findByRole('button', { name: 'Mark as done' }));
    expect(
      await screen.findByText('Marked as done: your teacher grades this training.'),
    ).toBeTruthy();
    const done = posted.find((p) => p.url.endsWith('/done'));
    expect(done).toEqual({
      url: '/api/en/lms/wbt-attempt/70/done',
      body: { launchNo: 3, sco: 0, openSeconds: expect.any(Number) as number },
    });
    expect((done?.body as { openSeconds: number }).openSeconds).toBeLessThan(60);
  });
});
