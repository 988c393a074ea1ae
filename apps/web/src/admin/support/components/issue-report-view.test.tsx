import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentUserSchema } from '@lantern/contracts/current-user';
import { ERROR_TEXTS } from '@lantern/contracts/messages';
import { clearErrors, recordError } from '../../../lib/app-store';
import { BASE_DATA } from '../../../test/fixtures';
import { fetchCall, jsonResponse, renderWithProviders } from '../../../test/render';
import { IssueReportView } from './issue-report-view';

const user = currentUserSchema.parse(BASE_DATA.user);
const fetchMock = vi.fn<typeof fetch>();

function renderReport(helpdeskEmail: string | null) {
  return renderWithProviders(
    <IssueReportView
      issueType="system-error"
      user={user}
      helpdeskEmail={helpdeskEmail}
      version="5.12.5"
      fromPage="/en/student/list?q=abc"
    />,
    { route: '/en/support_issue?issueType=system-error' },
  );
}

beforeEach(() => {
  clearErrors();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  window.history.replaceState(null, '', '/en/home');
  recordError('500 /api/en/home/summary: Internal error');
});
afterEach(() => {
  clearErrors();
  vi.unstubAllGlobals();
});

const FIFTY = 'The page showed an error when I saved the student.';

describe('IssueReportView', () => {
  it('shows the recorded errors, the JWL-ID, the page address and the text of spec §8', () => {
    renderReport('helpdesk@lantern.example');
    expect(screen.getByRole('heading', { level: 1, name: 'Report an error' })).toBeInTheDocument();
    expect(screen.getByText(ERROR_TEXTS.defaultText)).toBeInTheDocument();
    expect(screen.getByText(String(user.id))).toBeInTheDocument();
    expect(screen.getByText(/Page address: .*\/en\/student\/list\?q=abc/)).toBeInTheDocument();
    const [item] = screen.getAllByRole('listitem');
    if (!item) throw new Error('no recorded error shown');
    expect(item).toHaveTextContent('500 /api/en/home/summary: Internal error');
    expect(within(item).getByRole('link', { name: '/en/home' })).toHaveAttribute(
      'href',
      '/en/home',
    );
  });

  it('refuses a description of 49 characters with the text of spec §5, and sends nothing', async () => {
    renderReport(null);
    const events = userEvent.setup();
    await events.type(screen.getByRole('textbox', { name: /What happened/ }), FIFTY.slice(0, 49));
    await events.click(screen.getByRole('button', { name: 'Send to the helpdesk' }));
    expect(await screen.findByText('Text appears to be too short')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the description with the page address and the recorded errors', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 42, message: 'Thank you.' }));
    renderReport(null);
    const events = userEvent.setup();
    await events.type(screen.getByRole('textbox', { name: /What happened/ }), FIFTY);
    await events.click(screen.getByRole('button', { name: 'Send to the helpdesk' }));
    expect(await screen.findByText(/Its number is #42/)).toBeInTheDocument();
    const { url, init } = fetchCall(fetchMock, 0);
    expect(url).toContain('/api/en/support-issues');
    const body = init.body as FormData;
    expect(body.get('description')).toBe(FIFTY);
    expect(body.get('pageUrl')).toBe('/en/student/list?q=abc');
    expect(body.get('issueType')).toBe('system-error');
    expect(body.get('errors') as string).toContain('500 /api/en/home/summary: Internal error');
  });

  it('offers a mail to the helpdesk when an address is configured', () => {
    renderReport('helpdesk@lantern.example');
    const link = screen.getByRole('link', { name: 'helpdesk@lantern.example' });
    expect(link.getAttribute('href')).toMatch(/^mailto:helpdesk@lantern\.example\?/);
  });
});
