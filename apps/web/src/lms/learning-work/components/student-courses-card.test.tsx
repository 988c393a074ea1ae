import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StudentCourse } from '@lantern/contracts/learning-work';
import { jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import { StudentCoursesCard } from './student-courses-card';

const holder = vi.hoisted(() => ({ rights: [] as string[] }));
vi.mock('../../../lib/base-data', () => ({
  useCurrentUser: () => ({ applicationRights: holder.rights, applicationRoles: [] }),
}));

const ADDITIONAL: StudentCourse = {
  courseId: 41,
  code: 'ENG1',
  title: 'English for study',
  programme: {
    id: 10,
    code: 'GEL',
    title: 'Language',
    type: 'language',
    status: 'running',
  },
  source: 'additional',
  status: 'active',
  class: { id: 7, name: 'KAK-L1' },
  enrolmentState: null,
  reason: 'Needs the language course',
  itemsDone: 0,
  itemsTotal: 4,
  tasksSubmitted: 0,
  tasksTotal: 2,
  result: null,
  scaleMax: null,
  hasWork: false,
  version: 3,
};

const fetchMock = vi.fn<typeof fetch>();
let removed = false;
beforeEach(() => {
  removed = false;
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation((input, init) => {
    const url = urlOf(input);
    if (url === '/api/en/student/501/courses') {
      return Promise.resolve(jsonResponse({ items: removed ? [] : [ADDITIONAL] }));
    }
    if (url === '/api/en/student/501/additional-courses/41/classes') {
      return Promise.resolve(
        jsonResponse({
          items: [
            { id: 7, name: 'KAK-L1', clcCode: 'KAK' },
            { id: 8, name: 'KAK-L2', clcCode: 'KAK' },
          ],
        }),
      );
    }
    if (url === '/api/en/student/501/additional-courses/41' && init?.method === 'PATCH') {
      return Promise.resolve(
        jsonResponse({ items: [{ ...ADDITIONAL, class: { id: 8, name: 'KAK-L2' }, version: 4 }] }),
      );
    }
    if (url === '/api/en/student/501/additional-courses/41' && init?.method === 'DELETE') {
      removed = true;
      return Promise.resolve(jsonResponse({ items: [] }));
    }
    return Promise.resolve(jsonResponse({ detail: 'Not found', code: 'NOT_FOUND' }, 404));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const requests = (method: string) =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);

describe('the Courses card of a student overview', () => {
  it('moves an additional course to another class with the version it read', async () => {
    holder.rights = ['ACTIVE_COURSES__DISPLAY', 'ADDITIONAL_COURSES__EDIT'];
    renderWithProviders(<StudentCoursesCard studentId={501} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Change class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change class: ENG1' });
    const select = within(dialog).getByRole('textbox', { name: 'Class' });
    await waitFor(() => expect(select).toBeEnabled());
    await userEvent.click(select);
    await userEvent.click(
      await screen.findByRole('option', { name: 'KAK-L2 (KAK)', hidden: true }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change class' }));
    await waitFor(() => expect(requests('PATCH')).toHaveLength(1));
    const body = requests('PATCH')[0]?.[1]?.body;
    expect(typeof body === 'string' ? JSON.parse(body) : null).toEqual({
      classId: 8,
      version: 3,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks before removing an additional course, and removes nothing on cancel', async () => {
    holder.rights = ['ACTIVE_COURSES__DISPLAY', 'ADDITIONAL_COURSES__DELETE'];
    renderWithProviders(<StudentCoursesCard studentId={501} />);
    expect(screen.queryByRole('button', { name: 'Change class' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Remove additional course: ENG1',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests('DELETE')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove course' }));
    await waitFor(() => expect(requests('DELETE')).toHaveLength(1));
    expect(await screen.findByText('No courses.')).toBeInTheDocument();
  });

  it('links each course to the student’s grade history in it, for holders of GRADE_BOOK__DISPLAY', async () => {
    holder.rights = ['ACTIVE_COURSES__DISPLAY', 'GRADE_BOOK__DISPLAY'];
    const { unmount } = renderWithProviders(<StudentCoursesCard studentId={501} />);
    expect(await screen.findByRole('link', { name: 'Grade history: ENG1' })).toHaveAttribute(
      'href',
      '/en/learning/student/501/grade-history?courseId=41',
    );
    unmount();
    holder.rights = ['ACTIVE_COURSES__DISPLAY'];
    renderWithProviders(<StudentCoursesCard studentId={501} />);
    await screen.findByText('English for study', { exact: false });
    expect(screen.queryByRole('link', { name: /Grade history/ })).toBeNull();
  });
});
