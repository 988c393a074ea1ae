import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BASE_DATA } from '../test/fixtures';
import { jsonResponse } from '../test/render';
import { queryClient } from './query-client';
import { requireRight, requireRole } from './require-right';
import { hasRole } from './rights';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  queryClient.clear();
  localStorage.setItem('authCode', 'token');
  fetchMock.mockImplementation(() =>
    Promise.resolve(
      jsonResponse({
        ...BASE_DATA,
        user: {
          ...BASE_DATA.user,
          applicationRoles: ['COORDINATOR'],
          applicationRights: ['STUDENT__DISPLAY'],
        },
      }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const locationOf = (result: Response | null) => result?.headers.get('Location') ?? null;

describe('route checks (spec §6)', () => {
  it('check a right against applicationRights', async () => {
    expect(await requireRight('STUDENT__DISPLAY')()).toBeNull();
    expect(locationOf(await requireRight('STUDENT__EDIT')())).toBe(
      '/en/not-authorised?missingRight=STUDENT__EDIT',
    );
  });

  it('check a role against applicationRoles, beside the right check', async () => {
    expect(await requireRole('COORDINATOR')()).toBeNull();
    expect(locationOf(await requireRole('SUPER_ADMIN')())).toBe(
      '/en/not-authorised?missingRole=SUPER_ADMIN',
    );
    expect(hasRole({ applicationRoles: ['ADMIN'] }, 'ADMIN')).toBe(true);
    expect(hasRole({ applicationRoles: ['ADMIN'] }, 'SUPER_ADMIN')).toBe(false);
    expect(hasRole(null, 'ADMIN')).toBe(false);
  });
});
