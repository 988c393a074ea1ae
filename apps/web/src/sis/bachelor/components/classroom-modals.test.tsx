import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Classroom } from '@lantern/contracts/bachelor-terms';
import { fetchCall, jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import { ClassroomFormModal } from './classroom-form-modal';
import { ClassroomStaffModal } from './classroom-staff-modal';
import { SeatStudentsModal } from './seat-students-modal';
import { UnseatStudentModal } from './unseat-student-modal';

const ROOM: Classroom = {
  id: 41,
  offeringId: 7,
  termKey: '2026-fa',
  courseId: 3,
  courseCode: 'LIB110',
  title: 'Academic writing',
  name: 'LIB110 KAK A',
  clcId: 2,
  clc: 'KAK',
  capacity: 12,
  students: 9,
  closedAt: null,
  staff: [],
  version: 4,
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ClassroomFormModal (new)', () => {
  it('asks for the CLC first, then creates the classroom of the offering', async () => {
    fetchMock.mockImplementation((input, init) =>
      Promise.resolve(
        init?.method === 'POST'
          ? jsonResponse(ROOM)
          : urlOf(input).includes('/clc-partner/options')
            ? jsonResponse({ items: [{ id: 2, code: 'KAK', name: 'Kakuma' }], complete: true })
            : jsonResponse({ code: 'NOT_FOUND', detail: 'Not found.' }, 404),
      ),
    );
    const onClose = vi.fn();
    renderWithProviders(<ClassroomFormModal programmeId={512} offeringId={7} onClose={onClose} />);
    await userEvent.type(await screen.findByRole('textbox', { name: /^name/i }), 'LIB110 KAK A');
    await userEvent.click(screen.getByRole('button', { name: 'Create classroom' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^CLC/ }).getAttribute('aria-invalid')).toBe(
        'true',
      ),
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await userEvent.click(screen.getByRole('textbox', { name: /^CLC/ }));
    await userEvent.click(
      await screen.findByRole('option', { name: 'Kakuma (KAK)', hidden: true }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create classroom' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(urlOf(post?.[0])).toContain('/programme/bachelor/512/offerings/7/classrooms');
    expect(JSON.parse(post?.[1]?.body as string)).toEqual({
      clcId: 2,
      name: 'LIB110 KAK A',
      capacity: 15,
    });
  });
});

describe('ClassroomFormModal (rename)', () => {
  it('saves the new name with the seats and the version seen', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ...ROOM, name: 'LIB110 KAK North', version: 5 }));
    const onClose = vi.fn();
    renderWithProviders(
      <ClassroomFormModal programmeId={512} classroom={ROOM} onClose={onClose} />,
    );
    const name = await screen.findByRole('textbox', { name: /name/i });
    await userEvent.clear(name);
    await userEvent.type(name, 'LIB110 KAK North');
    await userEvent.click(screen.getByRole('button', { name: 'Save classroom' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const { url, init } = fetchCall(fetchMock, 0);
    expect(url).toContain('/programme/bachelor/512/classrooms/41');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'LIB110 KAK North',
      capacity: 12,
      version: 4,
    });
  });

  it('shows the server’s field message and stays open', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          code: 'VALIDATION',
          detail: 'Check the marked fields.',
          fields: { name: 'This programme has a classroom of this name.' },
        },
        400,
      ),
    );
    const onClose = vi.fn();
    renderWithProviders(
      <ClassroomFormModal programmeId={512} classroom={ROOM} onClose={onClose} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save classroom' }));
    expect(await screen.findByText('This programme has a classroom of this name.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('UnseatStudentModal', () => {
  it('asks first, then removes the one student from the classroom', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ...ROOM, students: 8 }));
    const onClose = vi.fn();
    renderWithProviders(
      <UnseatStudentModal
        programmeId={512}
        classroom={ROOM}
        seated={{ studentCourseId: 99, student: 'Maria Alvarez' }}
        onClose={onClose}
      />,
    );
    expect(await screen.findByText(/Maria Alvarez leaves LIB110 KAK A/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove from classroom' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const { url, init } = fetchCall(fetchMock, 0);
    expect(url).toContain('/programme/bachelor/512/classrooms/41/students/99');
    expect(init.method).toBe('DELETE');
  });

  it('says why when the server refuses', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { code: 'CONFLICT', detail: 'LIB110 KAK A is closed: it takes no changes.' },
        409,
      ),
    );
    const onClose = vi.fn();
    renderWithProviders(
      <UnseatStudentModal
        programmeId={512}
        classroom={ROOM}
        seated={{ studentCourseId: 99, student: 'Maria Alvarez' }}
        onClose={onClose}
      />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Remove from classroom' }));
    expect((await screen.findAllByText(/is closed: it takes no changes/)).length).toBeGreaterThan(
      0,
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('ClassroomStaffModal', () => {
  const STAFFED: Classroom = {
    ...ROOM,
    staff: [
      // A given name of two words: a split at the last space would make "Jose" the family name.
      {
        userId: 90,
        name: 'Maria Jose Alvarez',
        firstName: 'Maria Jose',
        lastName: 'Alvarez',
        kind: 'facilitator',
      },
      { userId: 91, name: 'Tom Aide', firstName: 'Tom', lastName: 'Aide', kind: 'assistant' },
    ],
  };

  it('names the staff by their stored parts and sends the assistants back as they are', async () => {
    fetchMock.mockResolvedValue(jsonResponse(STAFFED));
    const onClose = vi.fn();
    renderWithProviders(
      <ClassroomStaffModal programmeId={512} classroom={STAFFED} onClose={onClose} />,
    );
    expect(await screen.findByText('Alvarez, Maria Jose (90)')).toBeTruthy();
    // Facilitators and faculty are picked here; assistants are not shown.
    expect(screen.queryByRole('textbox', { name: 'Teaching assistants' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save staff' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const { url, init } = fetchCall(fetchMock, 0);
    expect(url).toContain('/programme/bachelor/512/classrooms/41/staff');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({
      facilitatorIds: [90],
      facultyIds: [],
      assistantIds: [91],
    });
  });

  it('puts the server’s message by its picker and stays open', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          code: 'VALIDATION',
          detail: 'Check the marked fields.',
          fields: { facultyIds: 'Not everyone chosen holds the faculty role.' },
        },
        400,
      ),
    );
    const onClose = vi.fn();
    renderWithProviders(
      <ClassroomStaffModal programmeId={512} classroom={STAFFED} onClose={onClose} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save staff' }));
    expect(await screen.findByText('Not everyone chosen holds the faculty role.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('SeatStudentsModal', () => {
  const row = (id: number, student: string, classId: number | null) => ({
    id,
    enrolmentId: id + 100,
    jwlId: id + 1000,
    student,
    firstName: student.split(' ')[0] ?? '',
    lastName: student.split(' ')[1] ?? '',
    enrolmentState: 'active',
    clcId: 2,
    clc: 'KAK',
    clcName: 'Kakuma CLC',
    termKey: '2026-fa',
    offeringId: 7,
    kind: 'course',
    courseId: 3,
    courseCode: 'LIB110',
    title: 'Academic writing',
    status: 'active',
    classroom: classId === null ? null : 'LIB110 KAK B',
    classId,
    reason: null,
    inDropWindow: false,
    version: 1,
  });

  it('lists only the students without a classroom, asks for one, then seats the chosen', async () => {
    fetchMock.mockImplementation((_input, init) =>
      Promise.resolve(
        init?.method === 'POST'
          ? jsonResponse({ placed: 1, alreadyPlaced: 0 })
          : jsonResponse({
              rows: [row(1, 'Ana Free', null), row(2, 'Ben Seated', 42)],
              total: 2,
              page: 1,
              limit: 100,
            }),
      ),
    );
    const onClose = vi.fn();
    renderWithProviders(<SeatStudentsModal programmeId={512} classroom={ROOM} onClose={onClose} />);
    expect(await screen.findByText('9 of 12 seats taken.')).toBeTruthy();
    const ana = await screen.findByRole('checkbox', { name: 'Ana Free (1001)' });
    expect(screen.queryByRole('checkbox', { name: /Ben Seated/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Seat 0 students' }));
    expect(await screen.findByText('Choose at least one student.')).toBeTruthy();
    await userEvent.click(ana);
    await userEvent.click(screen.getByRole('button', { name: 'Seat 1 student' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(post?.[1]?.body as string)).toEqual({ studentCourseIds: [1] });
  });
});
