import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProgrammeClass } from '@lantern/contracts/classes';
import { fetchCall, jsonResponse, renderWithProviders } from '../../../test/render';
import { ClassStaffModal } from './class-staff-modal';

const KLASS: ProgrammeClass = {
  id: 30,
  name: 'KAK-A',
  clc: { id: 2, code: 'KAK', name: 'Kakuma' },
  capacity: 25,
  size: 20,
  staff: [
    { id: 90, firstName: 'Fiona', lastName: 'Onsite', kind: 'facilitator' },
    { id: 91, firstName: 'Tom', lastName: 'Aide', kind: 'assistant' },
  ],
  members: [],
  version: 3,
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ClassStaffModal', () => {
  it('picks all three kinds, each with its current people, and sends them whole', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
    const onClose = vi.fn();
    renderWithProviders(<ClassStaffModal programmeId={64} klass={KLASS} onClose={onClose} />);
    expect(await screen.findByRole('textbox', { name: 'Facilitators (onsite)' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Faculty (online)' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Teaching assistants' })).toBeTruthy();
    expect(screen.getByText('Onsite, Fiona (90)')).toBeTruthy();
    expect(screen.getByText('Aide, Tom (91)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save staff' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const { url, init } = fetchCall(fetchMock, 0);
    expect(url).toContain('/programme/professional-certificate/64/classes/30/staff');
    expect(JSON.parse(init.body as string)).toEqual({
      facilitatorIds: [90],
      facultyIds: [],
      assistantIds: [91],
    });
  });

  it('puts a message for the assistants by their picker, and one for no field above the buttons', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        {
          code: 'VALIDATION',
          detail: 'Check the marked fields.',
          fields: { assistantIds: 'Not everyone chosen is a teaching assistant.' },
        },
        400,
      ),
    );
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ code: 'CONFLICT', detail: 'The class was changed meanwhile.' }, 409),
    );
    const onClose = vi.fn();
    renderWithProviders(<ClassStaffModal programmeId={64} klass={KLASS} onClose={onClose} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save staff' }));
    expect(await screen.findByText('Not everyone chosen is a teaching assistant.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save staff' }));
    expect((await screen.findAllByText('The class was changed meanwhile.')).length).toBeGreaterThan(
      0,
    );
    expect(screen.queryByText('Not everyone chosen is a teaching assistant.')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
