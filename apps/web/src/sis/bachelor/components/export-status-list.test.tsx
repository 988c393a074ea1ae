import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ExportStudent } from '@lantern/contracts/bachelor-verification';
import { fetchCall, jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import { ExportStatusList } from './export-status-list';

const holder = vi.hoisted(() => ({ rights: [] as string[] }));
vi.mock('../../../lib/base-data', () => ({
  useCurrentUser: () => ({ applicationRights: holder.rights, applicationRoles: [] }),
}));

const student = (over: Partial<ExportStudent>): ExportStudent => ({
  enrolmentId: 1,
  jwlId: 10001,
  student: 'Nadia Omar',
  clcName: 'Kakuma',
  status: null,
  passed: 3,
  courses: 3,
  batchId: null,
  version: null,
  changedAt: null,
  ...over,
});
const ROWS = [
  student({}),
  student({
    enrolmentId: 2,
    jwlId: 10002,
    student: 'Ali Hassan',
    status: 'completed-exported',
    batchId: 7,
  }),
];

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  holder.rights = ['BA_VERIFICATION__DISPLAY', 'BA_STUDENT_STATUS__EDIT'];
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation((input, init) => {
    const url = urlOf(input);
    if (url.startsWith('/api/en/programme/bachelor/512/verification/students?'))
      return Promise.resolve(jsonResponse({ items: ROWS, total: 2, page: 1, limit: 25 }));
    if (url === '/api/en/programme/bachelor/512/verification/batches')
      return Promise.resolve(jsonResponse({ items: [] }));
    if (
      url === '/api/en/programme/bachelor/512/verification/students/complete' &&
      init?.method === 'POST'
    )
      return Promise.resolve(jsonResponse({ moved: 1 }));
    return Promise.reject(new Error(`unexpected ${url}`));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ExportStatusList', () => {
  it('lists students with their status in words and filters by status', async () => {
    renderWithProviders(<ExportStatusList programmeId={512} />);
    const table = await screen.findByRole('table', { name: 'Students and their export status' });
    expect(await within(table).findByText('Ali Hassan')).toBeVisible();
    expect(within(table).getByText('Completed and exported')).toBeVisible();
    expect(within(table).getByText('Not completed yet')).toBeVisible();
    expect(within(table).getByText('#7')).toBeVisible();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Graduated' }));
    await waitFor(() => {
      const urls = fetchMock.mock.calls.map((_, i) => fetchCall(fetchMock, i).url);
      expect(urls.some((u) => u.includes('status=graduated'))).toBe(true);
    });
    // Without BA_VERIFICATION__EXPORT there is no export to the university.
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it('marks the chosen students completed after a confirmation', async () => {
    renderWithProviders(<ExportStatusList programmeId={512} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Nadia Omar' }));
    await user.click(screen.getByRole('button', { name: 'Mark completed (1)' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('1 student chosen.');
    await user.click(within(dialog).getByRole('button', { name: 'Mark completed' }));
    await waitFor(() => {
      const posts = fetchMock.mock.calls
        .map((_, i) => fetchCall(fetchMock, i))
        .filter((c) => c.init.method === 'POST');
      expect(posts.map((c) => JSON.parse(c.init.body as string) as unknown)).toEqual([
        { enrolmentIds: [1] },
      ]);
    });
  });
});
