import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Classroom } from '@lantern/contracts/bachelor-terms';
import { fetchCall, jsonResponse, renderWithProviders } from '../../../test/render';
import { ClassroomFormModal } from './classroom-form-modal';
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
