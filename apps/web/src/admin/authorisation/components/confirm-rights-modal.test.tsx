import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@lantern/contracts/authorisation';
import { fetchCall, jsonResponse, renderWithProviders } from '../../../test/render';
import { ConfirmRightsModal } from './confirm-rights-modal';
import { RoleRightsModal } from './role-rights-modal';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.setItem('authCode', 'token');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const coordinator: Role = {
  key: 'COORDINATOR',
  label: 'Coordinator',
  scope: 'own_clcs',
  isBuiltIn: true,
  version: 4,
  userCount: 15,
  rights: ['STUDENT__DISPLAY', 'STUDENT__EDIT'],
};

describe('ConfirmRightsModal', () => {
  it('says what changes and for how many users, then saves at the version seen', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({
        role: { ...coordinator, version: 5, rights: ['MAIL_LOG__DISPLAY', 'STUDENT__DISPLAY'] },
        added: ['MAIL_LOG__DISPLAY'],
        removed: ['STUDENT__EDIT'],
        affectedUsers: 15,
      }),
    );
    const onClose = vi.fn();
    renderWithProviders(
      <ConfirmRightsModal
        change={{ role: coordinator, rights: ['MAIL_LOG__DISPLAY', 'STUDENT__DISPLAY'] }}
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change the rights of Coordinator' });
    // Rights by their labels, not their codes.
    expect(dialog).toHaveTextContent('Given (1)Mail log — view');
    expect(dialog).toHaveTextContent('Taken away (1)Students — edit');
    expect(dialog).toHaveTextContent('This changes the rights of 15 users.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Change rights' }));
    await waitFor(() => {
      expect(onClose).toHaveBeenCalledOnce();
    });
    const { url, init } = fetchCall(fetchMock, 0);
    expect(url).toBe('/api/en/authorisation/roles/COORDINATOR/rights');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({
      version: 4,
      rights: ['MAIL_LOG__DISPLAY', 'STUDENT__DISPLAY'],
    });
  });

  it('shows the server’s words when someone else changed the role first', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          detail: 'Someone else changed this role while you were editing it.',
          code: 'STALE_VERSION',
        },
        409,
      ),
    );
    const onClose = vi.fn();
    renderWithProviders(
      <ConfirmRightsModal change={{ role: coordinator, rights: [] }} onClose={onClose} />,
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Change rights' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Someone else changed this role');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('RoleRightsModal', () => {
  it('picks rights by family or one by one, and hands the new set on for review', async () => {
    const onReview = vi.fn();
    renderWithProviders(
      <RoleRightsModal
        role={coordinator}
        rights={[
          { key: 'MAIL_LOG__DISPLAY', family: 'MAIL_LOG', action: 'DISPLAY' },
          { key: 'STUDENT__DISPLAY', family: 'STUDENT', action: 'DISPLAY' },
          { key: 'STUDENT__EDIT', family: 'STUDENT', action: 'EDIT' },
        ]}
        onClose={vi.fn()}
        onReview={onReview}
      />,
    );
    const user = userEvent.setup();
    const review = await screen.findByRole('button', { name: 'Review change' });
    expect(review).toBeDisabled();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'mail');
    expect(screen.queryByRole('checkbox', { name: 'Students — edit' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Mail log — view' }));
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    // Unticking the family takes both of its rights away.
    await user.click(screen.getByRole('checkbox', { name: 'Students STUDENT' }));
    expect(screen.getByText('1 right chosen: 1 to give, 2 to take away.')).toBeInTheDocument();
    await user.click(review);
    expect(onReview).toHaveBeenCalledWith(coordinator, ['MAIL_LOG__DISPLAY']);
  });
});
