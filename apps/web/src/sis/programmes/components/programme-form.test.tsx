import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VALIDATION } from '@lantern/contracts/messages';
import { PROGRAMME_CODE_TEXT } from '@lantern/contracts/programme';
import { ApiError } from '../../../lib/api-errors';
import { jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import { ProgrammeForm } from './programme-form';
import { EMPTY_PROGRAMME, type ProgrammeFormValues } from './programme-form-values';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation((input) => {
    const url = urlOf(input);
    if (url.startsWith('/api/en/grading-schema'))
      return Promise.resolve(
        jsonResponse([
          {
            id: 1,
            name: 'Percent',
            scaleMax: 100,
            passMark: 50,
            bands: [],
            programmes: 0,
            version: 1,
          },
        ]),
      );
    if (url.startsWith('/api/en/clc-partner/options'))
      return Promise.resolve(
        jsonResponse({ items: [{ id: 3, name: 'Kakuma', code: 'KAK' }], complete: true }),
      );
    return Promise.resolve(jsonResponse({ detail: 'Not found', code: 'NOT_FOUND' }, 404));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const FILLED: ProgrammeFormValues = {
  code: '101',
  internalName: 'PC Business 2026',
  title: 'Business Administration',
  startDate: '2026-02-01',
  endDate: '2026-11-30',
  gradingSchemaId: 1,
  certifyingUniversity: 'Regis University',
  certificateText: 'has completed the professional certificate',
  clcIds: [3],
  courses: [{ code: 'BUS1', title: 'Foundations', units: 3 }],
};

/** A field of the programme's own section (the course rows have a Code too). */
const textbox = (name: string) =>
  within(screen.getByRole('group', { name: 'Programme' })).getByRole('textbox', {
    name: new RegExp(`^${name}`),
  });

describe('ProgrammeForm', () => {
  it('shows the texts of §5 by their fields before anything is sent', async () => {
    const onSave = vi.fn<() => Promise<void>>();
    renderWithProviders(
      <ProgrammeForm
        defaultValues={EMPTY_PROGRAMME}
        submitLabel="Create programme"
        onSave={onSave}
      />,
    );
    const user = userEvent.setup();
    await user.type(textbox('Code'), '12');
    await user.click(screen.getByRole('button', { name: 'Create programme' }));
    expect(await screen.findByText(PROGRAMME_CODE_TEXT)).toBeInTheDocument();
    expect(textbox('Internal name')).toHaveAccessibleDescription(VALIDATION.required);
    expect(screen.getByLabelText(/^Start date/)).toHaveAccessibleDescription(VALIDATION.date);
    expect(screen.getByRole('textbox', { name: /^Grading schema/ })).toHaveAccessibleDescription(
      VALIDATION.select,
    );
    expect(screen.getByRole('textbox', { name: /^CLCs offering it/ })).toHaveAccessibleDescription(
      VALIDATION.multiSelect,
    );
    const course = screen.getByRole('group', { name: 'Course 1' });
    expect(within(course).getByRole('textbox', { name: /^Code/ })).toHaveAccessibleDescription(
      VALIDATION.required,
    );
    expect(within(course).getByRole('textbox', { name: /^Units/ })).toHaveAccessibleDescription(
      'At least 1',
    );
    expect(onSave).not.toHaveBeenCalled();
  });

  it('puts the server’s field messages by their fields, course rows included', async () => {
    const onSave = vi.fn<() => Promise<void>>().mockRejectedValue(
      new ApiError({
        kind: 'response',
        status: 400,
        code: 'VALIDATION',
        message: 'Some fields need a look',
        fields: {
          code: 'The code 101 is taken',
          'courses.0.title': 'Text appears to be too short',
        },
      }),
    );
    renderWithProviders(
      <ProgrammeForm defaultValues={FILLED} submitLabel="Save changes" onSave={onSave} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The code 101 is taken')).toBeInTheDocument();
    expect(textbox('Code')).toHaveAccessibleDescription(/The code 101 is taken/);
    const course = screen.getByRole('group', { name: 'Course 1' });
    expect(within(course).getByRole('textbox', { name: /^Title/ })).toHaveAccessibleDescription(
      VALIDATION.text,
    );
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('offers to reload when someone else saved first', async () => {
    const onSave = vi.fn<() => Promise<void>>().mockRejectedValue(
      new ApiError({
        kind: 'response',
        status: 409,
        code: 'STALE_VERSION',
        message: 'Someone else changed this programme meanwhile.',
      }),
    );
    const onReload = vi.fn(() => Promise.resolve({ ...FILLED, title: 'Business (new)' }));
    renderWithProviders(
      <ProgrammeForm
        defaultValues={FILLED}
        submitLabel="Save changes"
        onSave={onSave}
        onReload={onReload}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Someone else changed this programme meanwhile.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByDisplayValue('Business (new)')).toBeInTheDocument();
  });

  it('adds, moves and removes course rows', async () => {
    renderWithProviders(
      <ProgrammeForm defaultValues={FILLED} submitLabel="Save changes" onSave={vi.fn()} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add course' }));
    const second = screen.getByRole('group', { name: 'Course 2' });
    await user.type(within(second).getByRole('textbox', { name: /^Code/ }), 'BUS2');
    await user.click(screen.getByRole('button', { name: 'Move course 2 up' }));
    const first = screen.getByRole('group', { name: 'Course 1' });
    expect(within(first).getByRole('textbox', { name: /^Code/ })).toHaveValue('BUS2');
    await user.click(screen.getByRole('button', { name: 'Remove course 1' }));
    expect(screen.queryByRole('group', { name: 'Course 2' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Course 1' })).getByRole('textbox', {
        name: /^Code/,
      }),
    ).toHaveValue('BUS1');
  });
});
