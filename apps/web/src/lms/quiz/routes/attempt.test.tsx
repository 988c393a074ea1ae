import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { MyAttempt } from '@lantern/contracts/quiz';
import { BASE_DATA } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import QuizAttemptRoute from './attempt';

const fetchMock = vi.fn<typeof fetch>();
const USER = BASE_DATA.user.id;
const KEY = `lantern-quiz:${String(USER)}:77`;
/** The server's clock; the device's is set an hour and a half off it in every test. */
const SERVER_NOW = '2027-03-12T09:00:00.000Z';

const choice = (id: string, text: string) => ({ id, text });

function attempt(over: Partial<MyAttempt> = {}): MyAttempt {
  return {
    id: 77,
    clientId: '00000000-0000-4000-8000-000000000077',
    itemId: 9,
    unitId: 4,
    courseId: 3,
    title: 'Money quiz',
    sessionId: 5,
    attempt: 1,
    status: 'in_progress',
    finishedBy: null,
    startedAt: '2027-03-12T08:50:00.000Z',
    finishedAt: null,
    deadlineAt: '2027-03-12T09:10:00.000Z',
    serverNow: SERVER_NOW,
    lastSeq: 3,
    currentPage: 0,
    pageCount: 2,
    navigation: 'free',
    maxPoints: 4,
    questions: [
      {
        slot: 0,
        number: 1,
        page: 0,
        points: 1,
        prompt: '<p>Which is an expense?</p>',
        view: { kind: 'single', choices: [choice('a', 'Rent'), choice('b', 'Salary')] },
        response: null,
        flagged: false,
        savedAt: null,
      },
      {
        slot: 1,
        number: 2,
        page: 0,
        points: 1,
        prompt: '<p>Profit is income minus expenses.</p>',
        view: { kind: 'true_false' },
        response: { value: true },
        flagged: false,
        savedAt: '2027-03-12T08:55:00.000Z',
      },
      {
        slot: 2,
        number: 3,
        page: 1,
        points: 2,
        prompt: '<p>How much is 12 × 3?</p>',
        view: { kind: 'numeric' },
        response: null,
        flagged: false,
        savedAt: null,
      },
    ],
    ...over,
  };
}

type Call = { url: string; method: string; body: unknown };
let calls: Call[] = [];

function serve(data: MyAttempt, answers: Record<string, (body: unknown) => Response> = {}) {
  calls = [];
  fetchMock.mockImplementation((input, init) => {
    const url = urlOf(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    calls.push({ url, method, body });
    if (url.startsWith('/api/general/current-user/'))
      return Promise.resolve(jsonResponse(BASE_DATA));
    if (url === '/api/en/lms/quiz-attempt/77/mine') return Promise.resolve(jsonResponse(data));
    const own = answers[`${method} ${url}`];
    if (own) return Promise.resolve(own(body));
    if (url === '/api/en/lms/quiz-attempt/77/responses')
      return Promise.resolve(
        jsonResponse({
          lastSeq: (body as { seq: number }).seq,
          savedAt: '2027-03-12T09:02:00.000Z',
          serverNow: SERVER_NOW,
          deadlineAt: data.deadlineAt,
        }),
      );
    return Promise.resolve(jsonResponse({ detail: 'Not found', code: 'NOT_FOUND' }, 404));
  });
  renderWithProviders(
    <Routes>
      <Route path="/en/quiz/:itemId/attempt/:attemptId" element={<QuizAttemptRoute />} />
      <Route path="/en/quiz/:itemId" element={<p>The quiz card</p>} />
    </Routes>,
    { route: '/en/quiz/9/attempt/77' },
  );
}

const saves = () => calls.filter((c) => c.url.endsWith('/responses'));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  // The device's clock is wrong by 90 minutes: the countdown must not care.
  vi.setSystemTime(new Date('2027-03-12T10:30:00.000Z'));
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.clear();
  localStorage.setItem('authCode', 'token');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the attempt page (decision 0020 §3.4, §3.9)', () => {
  it('autosaves 2 s after an answer changes, with a save number above the server’s, and says when', async () => {
    serve(attempt());
    await screen.findByRole('heading', { name: 'Question 1' });
    expect(screen.getByText('Saved at', { exact: false })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Rent' }));
    expect(screen.getByText('Not saved yet')).toBeInTheDocument();
    // Kept on the device at once, before any save.
    expect(JSON.parse(localStorage.getItem(KEY) ?? '{}')).toMatchObject({
      pending: { '0': { response: { choiceId: 'a' }, flagged: false, seq: null } },
    });
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(saves()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(200));
    await vi.waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({
      method: 'PUT',
      body: {
        seq: 4,
        page: 0,
        responses: [{ slot: 0, response: { choiceId: 'a' }, flagged: false }],
      },
    });
    expect(await screen.findByText(/^Saved at \d\d:\d\d$/)).toBeInTheDocument();
    // Confirmed: nothing is left on the device.
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('counts down from the server’s deadline − now, whatever the device clock says, and warns at 5 minutes', async () => {
    serve(attempt());
    expect(await screen.findByText('Time left 10:00')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(4 * 60_000 + 59_000));
    expect(screen.getByText('Time left 5:01')).toBeInTheDocument();
    expect(screen.queryByText('5 minutes left.')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByText('5 minutes left.')).toBeInTheDocument();
    expect(screen.getByText('5 minutes left.')).toHaveAttribute('aria-live', 'polite');
  });

  it('hands the attempt in when the server’s time is up', async () => {
    serve(attempt({ deadlineAt: '2027-03-12T09:00:05.000Z' }), {
      'POST /api/en/lms/quiz-attempt/77/finish': () =>
        jsonResponse({
          id: 77,
          attempt: 1,
          status: 'finished',
          finishedBy: 'timeout',
          startedAt: '2027-03-12T08:50:00.000Z',
          finishedAt: '2027-03-12T09:00:05.000Z',
          deadlineAt: '2027-03-12T09:00:05.000Z',
          needsManual: false,
          marks: null,
          reviewAvailable: false,
          submissionId: 12,
        }),
    });
    await screen.findByText('Time left 0:05');
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(await screen.findByText('The quiz card')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/finish'))).toBe(true);
  });

  it('resumes after a reload: unsent answers on the device win and are sent again; ones the server has are not', async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({
        counter: 6,
        page: 1,
        pending: {
          // Sent with save 3, which the server confirmed (its lastSeq is 3): not sent again.
          '1': { response: { value: false }, flagged: false, seq: 3 },
          // Typed just before the tab closed, never sent.
          '2': { response: { text: '36' }, flagged: true, seq: null },
        },
      }),
    );
    serve(attempt());
    // Back on the page it was on, with the device's answer and flag.
    const field = await screen.findByRole('textbox', { name: 'Your answer to question 3' });
    expect(field).toHaveValue('36');
    expect(screen.getByRole('button', { name: 'Flagged' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Not saved yet')).toBeInTheDocument();
    // The navigator shows question 2 with the server's answer (true) as answered.
    const nav = screen.getByRole('navigation', { name: 'Questions' });
    expect(within(nav).getByRole('button', { name: 'Question 2, answered' })).toBeInTheDocument();
    expect(
      within(nav).getByRole('button', { name: 'Question 3, answered, flagged' }),
    ).toHaveAttribute('aria-current', 'step');
    // The next save goes on from the higher counter and carries only the unsent answer.
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await vi.waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.body).toEqual({
      seq: 7,
      page: 0,
      responses: [{ slot: 2, response: { text: '36' }, flagged: true }],
    });
    expect(await screen.findByRole('radio', { name: 'True' })).toBeChecked();
  });

  it('finishes with a summary of unanswered and flagged questions, sending the last answers with it', async () => {
    serve(attempt(), {
      'POST /api/en/lms/quiz-attempt/77/finish': () =>
        jsonResponse({
          id: 77,
          attempt: 1,
          status: 'finished',
          finishedBy: 'learner',
          startedAt: '2027-03-12T08:50:00.000Z',
          finishedAt: '2027-03-12T09:01:00.000Z',
          deadlineAt: null,
          needsManual: false,
          marks: { points: 3, maxPoints: 4 },
          reviewAvailable: true,
          submissionId: 12,
        }),
    });
    await screen.findByRole('heading', { name: 'Question 1' });
    const first = screen.getByRole('region', { name: 'Question 1' });
    fireEvent.click(within(first).getByRole('button', { name: 'Flag for review' }));
    fireEvent.click(screen.getByRole('button', { name: 'Finish attempt…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hand in this attempt?' });
    // Its icon-only close button has a name (axe's button-name on the journey).
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(within(dialog).getByText('Without an answer (2):')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('button', { name: 'Question 1' })).toHaveLength(2);
    expect(within(dialog).getByRole('button', { name: 'Question 3' })).toBeInTheDocument();
    // Going to an unanswered question from the summary closes it and shows that page.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Question 3' }));
    const field = await screen.findByRole('textbox', { name: 'Your answer to question 3' });
    fireEvent.change(field, { target: { value: '36' } });
    // On the last page the hand-in is both under the questions and beside them.
    const [handIn] = screen.getAllByRole('button', { name: 'Finish attempt…' });
    if (!handIn) throw new Error('No hand-in button on the last page.');
    fireEvent.click(handIn);
    const again = await screen.findByRole('dialog', { name: 'Hand in this attempt?' });
    expect(within(again).getByText('Without an answer (1):')).toBeInTheDocument();
    fireEvent.click(within(again).getByRole('button', { name: 'Hand in' }));
    expect(await screen.findByText('The quiz card')).toBeInTheDocument();
    const finish = calls.find((c) => c.url.endsWith('/finish'));
    const sent = (finish?.body as { responses: unknown[] } | undefined)?.responses;
    expect(sent).toContainEqual({ slot: 2, response: { text: '36' }, flagged: false });
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});
