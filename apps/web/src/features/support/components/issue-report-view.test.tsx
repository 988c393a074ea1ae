import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentUserSchema } from '@lantern/contracts/current-user';
import { ERROR_TEXTS } from '@lantern/contracts/messages';
import { clearErrors, recordError } from '../../../lib/app-store';
import { BASE_DATA } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { IssueReportView } from './issue-report-view';

const user = currentUserSchema.parse(BASE_DATA.user);

function renderReport(helpdeskEmail: string | null) {
  return renderWithProviders(
    <IssueReportView
      issueType="system-error"
      user={user}
      helpdeskEmail={helpdeskEmail}
      version="5.12.5"
    />,
    { route: '/en/support_issue?issueType=system-error' },
  );
}

beforeEach(() => {
  clearErrors();
  window.history.replaceState(null, '', '/en/home');
  recordError('500 /api/en/home/summary: Internal error');
});
afterEach(() => {
  clearErrors();
});

describe('IssueReportView', () => {
  it('shows the recorded errors, the JWL-ID and the helpdesk texts of spec §8', () => {
    renderReport('helpdesk@lantern.example');
    expect(screen.getByRole('heading', { level: 1, name: 'Report an error' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: ERROR_TEXTS.defaultHeadline })).toBeInTheDocument();
    expect(screen.getByText(ERROR_TEXTS.defaultText)).toBeInTheDocument();
    expect(screen.getByText(String(user.id))).toBeInTheDocument();
    const [item] = screen.getAllByRole('listitem');
    if (!item) throw new Error('no recorded error shown');
    expect(item).toHaveTextContent('500 /api/en/home/summary: Internal error');
    expect(within(item).getByRole('link', { name: '/en/home' })).toHaveAttribute(
      'href',
      '/en/home',
    );
    expect(item.querySelector('time')?.getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('offers a mail to the helpdesk with the details in the body', () => {
    renderReport('helpdesk@lantern.example');
    const link = screen.getByRole('link', { name: 'E-mail the helpdesk' });
    const url = new URL(link.getAttribute('href') ?? '');
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('helpdesk@lantern.example');
    expect(url.searchParams.get('body')).toContain(`JWL-ID: ${user.id}`);
    expect(url.searchParams.get('body')).toContain('500 /api/en/home/summary: Internal error');
  });

  it('has no mail link without a helpdesk address', () => {
    renderReport(null);
    expect(screen.queryByRole('link', { name: 'E-mail the helpdesk' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy details' })).toBeInTheDocument();
  });

  it('copies the details to the clipboard', async () => {
    renderReport(null);
    const userEvents = userEvent.setup();
    await userEvents.click(screen.getByRole('button', { name: 'Copy details' }));
    expect(await screen.findByText(/The details are copied/)).toBeInTheDocument();
    const copied = await window.navigator.clipboard.readText();
    expect(copied).toContain('Issue type: system-error');
    expect(copied).toContain(`JWL-ID: ${user.id}`);
    expect(copied).toContain('http://localhost:3000/en/home');
  });

  it('shows the details to copy by hand when the clipboard refuses', async () => {
    renderReport(null);
    const userEvents = userEvent.setup();
    vi.spyOn(window.navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('Denied', 'NotAllowedError'),
    );
    await userEvents.click(screen.getByRole('button', { name: 'Copy details' }));
    expect(await screen.findByText(/Copying is not possible/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Details for the helpdesk' })).toHaveDisplayValue(
      new RegExp(`JWL-ID: ${user.id}`),
    );
  });

  it('clears the list', async () => {
    renderReport(null);
    const userEvents = userEvent.setup();
    await userEvents.click(screen.getByRole('button', { name: 'Clear the list' }));
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.getByText('No errors are recorded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear the list' })).toBeDisabled();
  });
});
