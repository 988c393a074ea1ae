import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { Attempt, MyWork } from '@lantern/contracts/learning-work';
import type { MySimilarity } from '@lantern/contracts/similarity';
import { BASE_DATA } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import SubmitTextRoute from '../routes/submit-text';
import SubmitWorkRoute from '../routes/submit-work';

const fetchMock = vi.fn<typeof fetch>();

const attempt = (n: number, over: Partial<Attempt>): Attempt => ({
  id: 500 + n,
  clientId: `00000000-0000-4000-8000-00000000000${String(n)}`,
  attempt: n,
  status: 'submitted',
  text: null,
  wordCount: 0,
  late: false,
  submittedAt: `2026-03-0${String(n)}T10:00:00.000Z`,
  updatedAt: `2026-03-0${String(n)}T10:00:00.000Z`,
  version: 2,
  files: [],
  decision: null,
  ...over,
});

const RETURNED = attempt(1, {
  text: 'My first answer.',
  decision: {
    outcome: 'returned',
    points: null,
    maxPoints: 10,
    comment: 'Say more about the costs.',
    publishedAt: '2026-03-01T12:00:00.000Z',
    underReview: false,
  },
});

const work = (kind: 'text_task' | 'file_task', over: Partial<MyWork>): MyWork => ({
  task: {
    id: 9,
    kind,
    title: 'Income or expense?',
    body: '<p>Sort the list.</p>',
    course: { id: 3, code: 'BUS101', title: 'Business basics' },
    unit: { id: 4, title: 'Money' },
    delivery: 'online',
    maxPoints: 10,
    dueAt: null,
    lateUntil: null,
    settings: {
      minWords: null,
      maxWords: null,
      maxAttempts: null,
      accept: kind === 'file_task' ? ['pdf'] : [],
      maxFiles: kind === 'file_task' ? 2 : null,
      maxFileBytes: kind === 'file_task' ? 25 * 1024 * 1024 : null,
      maxSeconds: null,
      allowFile: false,
    },
  },
  state: 'returned',
  attempts: [RETURNED],
  draft: null,
  blocked: null,
  studyBreakUntil: null,
  ...over,
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.setItem('authCode', 'token');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function open(
  path: 'submit_text' | 'submit_work',
  answer: MyWork,
  query = '',
  /** The learner's own similarity answer: given, the learner holds the right to see it. */
  similarity?: MySimilarity,
) {
  const base = similarity
    ? {
        ...BASE_DATA,
        user: {
          ...BASE_DATA.user,
          applicationRights: [
            ...BASE_DATA.user.applicationRights,
            'SUBMISSION_TURNITIN_LEARNER__DISPLAY',
          ],
        },
      }
    : BASE_DATA;
  fetchMock.mockImplementation((input) => {
    const url = urlOf(input);
    if (url.startsWith('/api/general/current-user/')) return Promise.resolve(jsonResponse(base));
    if (url.startsWith('/api/en/lms/task/9/my-work')) return Promise.resolve(jsonResponse(answer));
    if (similarity && url.startsWith('/api/en/lms/task/9/my-similarity'))
      return Promise.resolve(jsonResponse(similarity));
    if (url.includes('/grade-comment-notifications'))
      return Promise.resolve(jsonResponse({ notifications: [] }));
    return Promise.resolve(jsonResponse({ detail: 'Not found', code: 'NOT_FOUND' }, 404));
  });
  renderWithProviders(
    <Routes>
      <Route path="/en/submit_text/:itemId" element={<SubmitTextRoute />} />
      <Route path="/en/submit_work/:itemId" element={<SubmitWorkRoute />} />
    </Routes>,
    { route: `/en/${path}/9${query}` },
  );
}

/** The attempts as listed: latest first, each card's heading line and decision. */
async function listedAttempts() {
  const heading = await screen.findByRole('heading', { name: 'Your attempts' });
  const list = heading.parentElement;
  if (!list) throw new Error('The attempts list has no container.');
  return list;
}

describe('the answer pages share one frame and one attempts list', () => {
  it('submit_work, handed in: the note instead of the form, then every attempt and decision', async () => {
    open(
      'submit_work',
      work('file_task', {
        state: 'submitted',
        attempts: [
          RETURNED,
          attempt(2, {
            files: [
              {
                fileId: 'f2',
                name: 'costs.pdf',
                size: 2048,
                mime: 'application/pdf',
                url: '/api/files/f2?x',
              },
            ],
          }),
        ],
      }),
    );
    const list = await listedAttempts();
    expect(screen.getByText(/You can hand in again if it is returned to you\.$/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add a file' })).toBeNull();
    const text = list.textContent;
    expect(text.indexOf('Attempt 2')).toBeLessThan(text.indexOf('Attempt 1'));
    expect(within(list).getByRole('link', { name: 'costs.pdf' })).toHaveAttribute(
      'href',
      '/api/files/f2?x',
    );
    expect(within(list).getByText('Waiting to be graded')).toBeInTheDocument();
    expect(within(list).getByText('Returned for rework')).toBeInTheDocument();
    expect(within(list).getByText('Say more about the costs.')).toBeInTheDocument();
  });

  it('submit_work, returned: the files form for the next attempt above the same list', async () => {
    open('submit_work', work('file_task', {}));
    const list = await listedAttempts();
    expect(screen.getByRole('button', { name: 'Add a file' })).toBeInTheDocument();
    expect(within(list).getByText('My first answer.')).toBeInTheDocument();
  });

  it('submit_text, returned from a grade comment: the editor, the list, the comment read', async () => {
    open('submit_text', work('text_task', {}), `?submission=${String(RETURNED.id)}`);
    const list = await listedAttempts();
    expect(screen.getByRole('button', { name: 'Hand in' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Income or expense?' })).toBeInTheDocument();
    expect(within(list).getByText('Say more about the costs.')).toBeInTheDocument();
    // The attempt the comment links to is the one marked.
    expect(list.querySelector(`#attempt-${String(RETURNED.id)}`)?.getAttribute('style')).toContain(
      'border-color: var(--mantine-color-blue-7)',
    );
    await vi.waitFor(() => {
      expect(fetchMock.mock.calls.map(([input]) => urlOf(input))).toContain(
        `/api/en/notifications/${String(RETURNED.id)}/grade-comment-notifications`,
      );
    });
  });
});

describe('the learner’s own text after hand-in', () => {
  const TEXT = 'The river runs past the village and the people fish there in the morning.';
  const handedIn = work('text_task', {
    state: 'submitted',
    attempts: [attempt(1, { text: TEXT })],
  });
  const similarity = (passages: MySimilarity['passages']): MySimilarity => ({
    check: { status: 'done', score: passages.length > 0 ? 40 : 0, flagged: false, error: null },
    submissionId: 501,
    parts: [{ part: 1, source: 'text', name: null, text: TEXT }],
    passages,
  });
  const times = (text: string) => document.body.textContent.split(text).length - 1;

  it('shows it once, in its attempt, when nothing in it was found elsewhere', async () => {
    open('submit_text', handedIn, '', similarity([]));
    await screen.findByText('None of your work was found in other work on this task.');
    expect(times(TEXT)).toBe(1);
  });

  it('shows it once, marked in the similarity panel, when passages were found elsewhere', async () => {
    open(
      'submit_text',
      handedIn,
      '',
      similarity([{ part: 1, start: 4, end: 30, otherSubmittedAt: null }]),
    );
    expect(
      await screen.findByText(
        'Your text is shown above, with the passages found in other work marked.',
      ),
    ).toBeInTheDocument();
    // The marked copy is cut into passages: its unmarked end stands for the whole.
    expect(times(TEXT.slice(30))).toBe(1);
  });
});

describe('hand in asks the word rule before sending', () => {
  it('too few words: the box says so, no confirmation opens and nothing is handed in', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const base = work('text_task', { state: 'not_started', attempts: [] });
    open('submit_text', {
      ...base,
      task: { ...base.task, settings: { ...base.task.settings, minWords: 5 } },
    });
    const box = await screen.findByRole('textbox', { name: 'Your answer' });
    await userEvent.type(box, 'Two words');
    await userEvent.click(screen.getByRole('button', { name: 'Hand in' }));
    expect(await screen.findByText('Not enough words.')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.mock.calls.map(([input]) => urlOf(input))).not.toContainEqual(
      expect.stringContaining('/submit'),
    );
  });

  it('too many words: the server sentence with the maximum', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const base = work('text_task', { state: 'not_started', attempts: [] });
    open('submit_text', {
      ...base,
      task: { ...base.task, settings: { ...base.task.settings, maxWords: 2 } },
    });
    const box = await screen.findByRole('textbox', { name: 'Your answer' });
    await userEvent.type(box, 'one two three');
    await userEvent.click(screen.getByRole('button', { name: 'Hand in' }));
    expect(await screen.findByText('Too many words: at most 2.')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
