import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchCall, jsonResponse, renderWithProviders } from '../../../test/render';
import { OfferingForm } from './offering-form';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const COURSES = [
  { id: 15, code: 'LIB110', title: 'Academic writing', units: 5 },
  { id: 16, code: 'LIB120', title: 'Philosophy', units: 5 },
];
const offering = (kind: 'course' | 'internship', title: string) => ({
  id: 90,
  kind,
  courseId: 15,
  courseCode: 'LIB110',
  title,
  capacity: 2,
  placed: 0,
  classrooms: 0,
  version: 1,
});

describe('OfferingForm', () => {
  it('offers a course with its capacity (a course offering has no title to fill)', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(offering('course', 'Academic writing'), 201));
    const onDone = vi.fn();
    renderWithProviders(
      <OfferingForm
        programmeId={512}
        kind="course"
        courses={COURSES}
        terms={[{ id: 7, name: 'Fall 2027' }]}
        onDone={onDone}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: /Course/ }));
    await user.click(
      await screen.findByRole('option', { name: 'LIB110 Academic writing', hidden: true }),
    );
    const capacity = screen.getByRole('textbox', { name: /Capacity/ });
    await user.clear(capacity);
    await user.type(capacity, '2');
    await user.click(screen.getByRole('button', { name: 'Offer course' }));
    await vi.waitFor(() => {
      expect(onDone).toHaveBeenCalled();
    });
    const sent = fetchCall(fetchMock, 0);
    expect(sent.url).toBe('/api/en/programme/bachelor/512/terms/7/offerings');
    expect(JSON.parse(sent.init.body as string)).toEqual({ courseId: 15, capacity: 2 });
  });

  it('asks an internship for its title', async () => {
    renderWithProviders(
      <OfferingForm
        programmeId={512}
        kind="internship"
        courses={COURSES}
        terms={[{ id: 7, name: 'Fall 2027' }]}
        onDone={vi.fn()}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add internship' }));
    expect(await screen.findByText('This field must be filled')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
