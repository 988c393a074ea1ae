import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { SubmissionView } from '@lantern/contracts/teaching';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import GradePage from './grade';

const fetchMock = vi.fn<typeof fetch>();

const VIEW: SubmissionView = {
  submission: {
    id: 71,
    attempt: 1,
    status: 'submitted',
    text: 'My answer, in a few words.',
    wordCount: 5,
    late: false,
    submittedAt: '2026-03-02T10:00:00.000Z',
    files: [],
  },
  attempts: [
    {
      id: 71,
      attempt: 1,
      status: 'submitted',
      submittedAt: '2026-03-02T10:00:00.000Z',
      late: false,
    },
  ],
  task: {
    id: 9,
    title: 'Reflection',
    instructions:
      '<p>Write about <strong>your week</strong>.</p><ul><li>What went well</li><li>What did not</li></ul>',
    instructionsChanged: false,
    kind: 'text_task',
    delivery: 'online',
    maxPoints: 10,
    grading: 'points',
    rubric: null,
    dueAt: null,
    courseId: 3,
    courseTitle: 'Teaching and learning',
  },
  student: { id: 10010, firstName: 'Amina', lastName: 'Okello', classId: 4, className: 'K1' },
  grade: null,
  mayGrade: true,
  mayNotGradeReason: null,
  mayOverride: false,
  previousId: null,
  nextId: null,
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.setItem('authCode', 'token');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function open(task: Partial<SubmissionView['task']> = {}) {
  fetchMock.mockResolvedValue(jsonResponse({ ...VIEW, task: { ...VIEW.task, ...task } }));
  renderWithProviders(
    <Routes>
      <Route path="/en/grade/:submissionId" element={<GradePage />} />
    </Routes>,
    { route: '/en/grade/71' },
  );
}

describe('GradePage', () => {
  it("shows the task's instructions beside the work", async () => {
    open();
    const section = await screen.findByRole('region', { name: 'Instructions' });
    expect(within(section).getByText('your week').tagName).toBe('STRONG');
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['What went well', 'What did not']);
    expect(within(section).queryByText(/Changed since/)).toBeNull();
    expect(screen.getByText('My answer, in a few words.')).toBeInTheDocument();
  });

  it('says when the instructions changed after the attempt', async () => {
    open({ instructions: '<p>Write about your day.</p>', instructionsChanged: true });
    const section = await screen.findByRole('region', { name: 'Instructions' });
    expect(within(section).getByText('Write about your day.')).toBeInTheDocument();
    expect(within(section).getByText(/^Changed since this attempt was handed in/)).toBeVisible();
  });

  it('leaves the section out when the task has none', async () => {
    open({ instructions: '' });
    expect(await screen.findByText('My answer, in a few words.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Instructions' })).toBeNull();
  });
});

describe('GradePage: the decision buttons', () => {
  it('say that returning for rework is saved as a draft until published', async () => {
    open();
    expect(
      await screen.findByRole('button', { name: 'Save as returned for rework' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Return for rework' })).toBeNull();
    expect(
      screen.getByText(
        'A saved grade or return is a draft: the student sees it once you publish it.',
      ),
    ).toBeVisible();
  });
});
