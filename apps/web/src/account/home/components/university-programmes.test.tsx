import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { defaultRightsOf } from '@lantern/contracts/roles';
import { BASE_DATA } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import { UniversityProgrammes } from './university-programmes';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.setItem('authCode', 'token');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const BLS = {
  id: 5,
  code: '512',
  title: 'Bachelor of Liberal Studies',
  certifyingUniversity: 'Regis University, Denver',
  students: 19,
  waitingForUni: 2,
  waitingBelow: 0,
  graduated: 1,
};
const PROGRAMMES = [BLS];

function renderAs(rights: string[], programmes = PROGRAMMES) {
  const base = {
    ...BASE_DATA,
    user: { ...BASE_DATA.user, applicationRights: rights, activeRole: 'UNIVERSITY_REPRESENTATIVE' },
  };
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      urlOf(input).startsWith('/api/general/current-user/')
        ? jsonResponse(base)
        : jsonResponse({ code: 'NOT_FOUND', detail: 'Not found' }, 404),
    ),
  );
  renderWithProviders(<UniversityProgrammes programmes={programmes} />);
}

describe('the university representative’s programmes', () => {
  it('shows each programme’s figures and links only where the role may go', async () => {
    renderAs(defaultRightsOf('UNIVERSITY_REPRESENTATIVE'));
    const link = await screen.findByRole('link', { name: '512 Bachelor of Liberal Studies' });
    expect(link.getAttribute('href')).toBe('/en/programme/bachelor/5');
    expect(screen.getByText(/terms wait for your approval/)).toBeTruthy();
    expect(screen.getByText('19')).toBeTruthy();
    // The role holds neither dropout flagging nor automatic mails: no link to them.
    expect(screen.queryByRole('link', { name: 'Dropout flagging' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Automatic mails' })).toBeNull();
  });

  it('links the sections a right opens', async () => {
    renderAs([...defaultRightsOf('UNIVERSITY_REPRESENTATIVE'), 'DROPOUT_FLAGGING__DISPLAY']);
    const link = await screen.findByRole('link', { name: 'Dropout flagging' });
    expect(link.getAttribute('href')).toMatch(
      /^\/en\/programme\/bachelor\/5\/dropout-flagging\/\d{4}$/,
    );
  });

  it('says which terms wait for the levels below, apart from those waiting for the university', async () => {
    renderAs(defaultRightsOf('UNIVERSITY_REPRESENTATIVE'), [
      { ...BLS, students: 1, waitingForUni: 0, waitingBelow: 1 },
    ]);
    expect((await screen.findByText(/terms wait for your approval/)).textContent).toBe(
      '0 terms wait for your approval',
    );
    expect(screen.getByText(/term waits for the basic or CLC approval first/)).toBeVisible();
    expect(screen.getByText(/student$/).textContent).toBe('1 student');
  });
});
