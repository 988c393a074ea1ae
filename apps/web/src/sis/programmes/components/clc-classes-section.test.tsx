import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProgrammeClass } from '@lantern/contracts/classes';
import { fetchCall, jsonResponse, renderWithProviders } from '../../../test/render';
import type { ClassMember, ClcClasses } from '../classes-model';
import { ClcClassesSection } from './clc-classes-section';

const fetchMock = vi.fn<typeof fetch>();

/** A JSON request's body as sent. */
const bodyText = (init: RequestInit | undefined) =>
  typeof init?.body === 'string' ? init.body : '';

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const KAK = { id: 1, code: 'KAK', name: 'Kakuma' };

const member = (enrolmentId: number, firstName: string, onBreak = false): ClassMember => ({
  enrolmentId,
  studentId: 500 + enrolmentId,
  firstName,
  lastName: 'Sol',
  placedManually: false,
  onBreak,
});

const klass = (
  id: number,
  name: string,
  members: ClassMember[],
  capacity = 15,
): ProgrammeClass => ({
  id,
  name,
  clc: KAK,
  capacity,
  size: members.length,
  staff: [{ id: 90, firstName: 'Fiona', lastName: 'Onsite', kind: 'facilitator' }],
  members,
  version: 1,
});

const SECTION: ClcClasses = {
  clc: KAK,
  classes: [
    klass(11, 'KAK-1', [member(1, 'Amina'), member(2, 'Daniel', true)], 1),
    klass(12, 'KAK-2', [member(3, 'Grace')]),
  ],
  unplaced: [member(4, 'Rose')],
};

const PERMISSIONS = { canEdit: true, canEditStaff: true, canMove: true, canOpenStudent: false };

function renderSection() {
  return renderWithProviders(
    <ClcClassesSection
      programmeId={7}
      section={SECTION}
      permissions={PERMISSIONS}
      onCreate={vi.fn()}
      onRename={vi.fn()}
      onEditStaff={vi.fn()}
      onDelete={vi.fn()}
    />,
  );
}

describe('ClcClassesSection', () => {
  it('shows each class’s size against its capacity, over capacity marked, and study breaks', () => {
    renderSection();
    const first = screen.getByRole('article', { name: 'Class KAK-1' });
    expect(within(first).getByText('2 / 1')).toBeInTheDocument();
    expect(within(first).getByText(/over capacity/)).toBeInTheDocument();
    expect(within(first).getByText('Study break')).toBeInTheDocument();
    expect(within(first).getByText('Fiona Onsite')).toBeInTheDocument();
    const second = screen.getByRole('article', { name: 'Class KAK-2' });
    expect(within(second).getByText('1 / 15')).toBeInTheDocument();
    expect(within(second).queryByText(/over capacity/)).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Unplaced students at KAK' })).toHaveTextContent(
      'Sol, Rose',
    );
  });

  it('moves the selection only to classes of the CLC and reports the refused with their reason', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({
        done: [1],
        refused: [{ enrolmentId: 2, reason: 'Daniel Sol studies at AMM; KAK-2 is at KAK.' }],
      }),
    );
    renderSection();
    // The dropdown's opening transition never ends in jsdom: its options stay hidden there.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    expect(screen.getByRole('button', { name: 'Move selected' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select all: Students of KAK-1' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move selected' }));

    const dialog = await screen.findByRole('dialog', { name: 'Move students' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Move to' }));
    const options = (await screen.findAllByRole('option', { hidden: true })).map(
      (o) => o.textContent,
    );
    // Not KAK-1, where both are already; no class of another CLC.
    expect(options).toEqual(['KAK-2 (1 / 15)', 'No class (unplaced)']);
    await user.click(screen.getByRole('option', { name: 'KAK-2 (1 / 15)', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));

    const { url, init } = fetchCall(fetchMock, 0);
    expect(url).toBe('/api/en/programme/professional-certificate/7/classes/move');
    expect(JSON.parse(bodyText(init))).toEqual({ enrolmentIds: [1, 2], classId: 12 });
    const result = await screen.findByRole('status', { name: 'Moved: 1 done, 1 refused' });
    expect(result).toHaveTextContent(
      'Sol, Daniel (502): Daniel Sol studies at AMM; KAK-2 is at KAK.',
    );
    expect(screen.getByText('0 selected')).toBeInTheDocument();
  });

  it('asks for a target before moving', async () => {
    renderSection();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select Rose Sol' }));
    await user.click(screen.getByRole('button', { name: 'Move selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move students' });
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(within(dialog).getByRole('textbox', { name: 'Move to' })).toHaveAccessibleDescription(
      'Please select a valid option',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
