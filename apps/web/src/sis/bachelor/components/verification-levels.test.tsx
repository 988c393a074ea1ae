import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TermVerification, VerificationScope } from '@lantern/contracts/bachelor-verification';
import { fetchCall, jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import { VerificationLevels } from './verification-levels';

const holder = vi.hoisted(() => ({ rights: [] as string[] }));
vi.mock('../../../lib/base-data', () => ({
  useCurrentUser: () => ({ applicationRights: holder.rights, applicationRoles: [] }),
}));

const HASH = 'abcdef0123456789'.repeat(4);
const scope = (over: Partial<VerificationScope>): VerificationScope => ({
  level: 'BASIC',
  clcId: null,
  clcName: null,
  state: 'waiting',
  blockedBy: null,
  hash: HASH,
  grades: 54,
  flagged: 0,
  approval: null,
  changes: [],
  changeCount: 0,
  ...over,
});

const DATA: TermVerification = {
  termKey: '2026-sp',
  termName: 'Spring 2026',
  levels: [
    scope({
      state: 'stale',
      approval: {
        id: 3,
        by: 'Amal Haddad',
        at: '2026-05-01T10:00:00.000Z',
        hash: 'f'.repeat(64),
        grades: 54,
        staleAt: '2026-05-03T10:00:00.000Z',
      },
      changes: [
        {
          studentCourseId: 9,
          student: 'Nadia Omar',
          courseCode: 'LIB110',
          change: 'changed',
          oldScore: 3,
          newScore: 3.5,
          oldVersion: 2,
          newVersion: 3,
        },
      ],
      changeCount: 1,
    }),
    scope({
      level: 'CLC',
      clcId: 4,
      clcName: 'Kakuma',
      state: 'blocked',
      blockedBy: 'The basic check of the term must be approved first.',
      grades: 18,
    }),
    scope({
      level: 'UNI',
      state: 'blocked',
      blockedBy: 'The basic check of the term must be approved first.',
    }),
  ],
  sinceUni: null,
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  holder.rights = ['BA_VERIFICATION__DISPLAY', 'BA_VERIFICATION_APPROVAL_BASIC__EDIT'];
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation((input, init) => {
    const url = urlOf(input);
    if (
      url === '/api/en/programme/bachelor/512/verification/approve-basic' &&
      init?.method === 'POST'
    )
      return Promise.resolve(
        jsonResponse({ id: 4, hash: HASH, grades: 54, approvedAt: '2026-05-04T10:00:00.000Z' }),
      );
    return Promise.reject(new Error(`unexpected ${url}`));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('VerificationLevels', () => {
  it('shows each level as a step with its state, and why a stale approval went stale', () => {
    renderWithProviders(<VerificationLevels programmeId={512} data={DATA} />);
    const basic = screen.getByRole('region', { name: 'Step 1' });
    expect(within(basic).getByText('Stale: grades changed since the approval')).toBeVisible();
    expect(within(basic).getByText('3 → 3.5')).toBeVisible();
    expect(within(basic).getByText('Nadia Omar')).toBeVisible();
    const clc = screen.getByRole('region', { name: 'Step 2' });
    expect(within(clc).getByText('CLC check: Kakuma')).toBeVisible();
    expect(within(clc).getByText('Waiting for the level below')).toBeVisible();
    expect(within(clc).queryByRole('button')).toBeNull();
  });

  it('offers approval only to the holder of that level’s right', () => {
    holder.rights = ['BA_VERIFICATION__DISPLAY', 'BA_VERIFICATION_APPROVAL_UNI__EDIT'];
    renderWithProviders(<VerificationLevels programmeId={512} data={DATA} />);
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
  });

  it('confirms with the count and the fingerprint, then sends the hash the approver saw', async () => {
    renderWithProviders(<VerificationLevels programmeId={512} data={DATA} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Approve again' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('You approve 54 grades of Spring 2026');
    expect(dialog).toHaveTextContent(HASH.slice(0, 12));
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalled();
    });
    const call = fetchCall(fetchMock, 0);
    expect(JSON.parse(call.init.body as string)).toEqual({ termKey: '2026-sp', hash: HASH });
  });
});
