import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { AuditLogItem } from '@lantern/contracts/audit-log';
import { HistoryList } from '../../../components/history-list';
import { renderWithProviders } from '../../../test/render';
import { AuditAction } from './audit-action';
import { AuditChanges } from './audit-changes';

const ENTRY: AuditLogItem = {
  id: 5,
  at: '2026-11-24T06:55:00.000Z',
  actor: { id: 1042, name: 'Amina Yusuf', mergedIntoId: null },
  impersonator: null,
  action: 'auth.sign_in',
  entityType: 'auth',
  entityId: null,
  changes: { phoneNumber: { from: '1', to: '2' } },
  ip: '10.0.0.1',
};

describe('audit actions as people read them', () => {
  it('shows the label in the list, and the code only in the details for the filter', () => {
    renderWithProviders(
      <span data-testid="action">
        <AuditAction action="auth.sign_in" />
      </span>,
    );
    expect(screen.getByTestId('action')).toHaveTextContent(/^Signed in$/);
    renderWithProviders(<AuditChanges item={ENTRY} />);
    expect(screen.getByText('auth.sign_in')).toBeVisible();
    expect(screen.getByRole('cell', { name: 'Phone number' })).toBeVisible();
  });

  it('falls back to readable words for a code no table knows', () => {
    renderWithProviders(
      <span data-testid="action">
        <AuditAction action="programme.startProgramme" />
      </span>,
    );
    expect(screen.getByTestId('action')).toHaveTextContent(/^Programme: start programme$/);
  });

  it('labels a record history with the same table', () => {
    renderWithProviders(
      <HistoryList
        entries={[
          {
            id: 1,
            at: ENTRY.at,
            action: 'clc.created',
            actor: null,
            impersonator: null,
            changes: null,
          },
        ]}
      />,
    );
    expect(screen.getByText('CLC partner created')).toBeVisible();
  });
});
