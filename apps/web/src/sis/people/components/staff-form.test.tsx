import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoleOption } from '@lantern/contracts/grants';
import { jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import { StaffForm, type StaffValues } from './staff-form';

const fetchMock = vi.fn<typeof fetch>();

const SUPER_ADMIN_USER: StaffValues = {
  username: 'super_admin',
  firstName: 'Samira',
  lastName: 'Haddad',
  email: 'super_admin@demo.lantern.example',
  phone: '',
  gender: 'f',
  clcIds: [1],
  employeeType: null,
  systemRole: 'superAdmin',
  status: 'active',
  roles: ['ADMIN', 'SUPER_ADMIN'],
};

const role = (key: string, label: string, grantable: boolean): RoleOption => ({
  key,
  label,
  grantable,
});

function answer(options: RoleOption[]) {
  fetchMock.mockImplementation((input) => {
    const url = urlOf(input);
    if (url.includes('/roles/options')) return Promise.resolve(jsonResponse(options));
    if (url.includes('/email-in-use')) return Promise.resolve(jsonResponse({ inUse: false }));
    return Promise.resolve(jsonResponse({ code: 'NOT_FOUND', detail: url }, 404));
  });
}

function renderForm(values: StaffValues) {
  const onSave = vi.fn().mockResolvedValue([]);
  renderWithProviders(
    <StaffForm
      kind="user"
      defaultValues={values}
      personId={10001}
      clcs={[{ id: 1, code: 'KAK', name: 'Kakuma' }]}
      submitLabel="Save changes"
      onSave={onSave}
    />,
  );
  return onSave;
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('the user form roles', () => {
  it('offers only the roles the actor may grant and keeps the others locked when saving', async () => {
    answer([
      role('SUPER_ADMIN', 'Super Admin', false),
      role('ADMIN', 'Admin', false),
      role('FACILITATOR', 'Facilitator', true),
      role('LEAD_FACILITATOR', 'Lead Facilitator', true),
    ]);
    const onSave = renderForm({ ...SUPER_ADMIN_USER, roles: ['ADMIN', 'FACILITATOR'] });
    const locked = await screen.findByRole('list', { name: 'Roles you cannot grant or remove' });
    expect(
      within(locked)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Admin']);

    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: /Application roles/ }));
    const offered = (await screen.findAllByRole('option', { hidden: true })).map(
      (o) => o.textContent,
    );
    expect(offered).toEqual(['Facilitator', 'Lead Facilitator']);

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ roles: ['ADMIN', 'FACILITATOR'] });
  });

  it('lets a super admin save a super admin unchanged', async () => {
    answer([role('SUPER_ADMIN', 'Super Admin', true), role('ADMIN', 'Admin', true)]);
    const onSave = renderForm(SUPER_ADMIN_USER);
    await screen.findByRole('textbox', { name: /Application roles/ });
    expect(screen.queryByRole('list', { name: 'Roles you cannot grant or remove' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({
      systemRole: 'superAdmin',
      roles: ['ADMIN', 'SUPER_ADMIN'],
    });
  });
});
