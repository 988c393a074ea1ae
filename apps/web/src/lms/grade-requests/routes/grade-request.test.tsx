import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { GradeRequestDetail } from '@lantern/contracts/grade-requests';
import { fetchCall, jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import { CHANGE, DETAIL, REQUEST } from '../test-fixtures';
import GradeRequestPage from './grade-request';

const fetchMock = vi.fn<typeof fetch>();
const CERT = '3f2c7a9e-0d1b-4c2a-9e5f-6b7d8c9a0b11';
let detail: GradeRequestDetail;
let postAnswer: (url: string) => Response;

beforeEach(() => {
  detail = DETAIL;
  postAnswer = (url) =>
    url.endsWith('/approve')
      ? jsonResponse({
          ...detail,
          request: {
            ...detail.request,
            state: 'approved',
            decidedBy: { id: 7, name: 'Lena Berg' },
            decidedAt: '2027-03-04T09:00:00.000Z',
            mayDecide: false,
          },
          current: { points: 7, outcome: 'graded', published: false, version: 4 },
          events: [
            {
              id: 900,
              subject: 'task',
              action: 'unpublish',
              course: REQUEST.course,
              item: REQUEST.item,
              old: { points: 7, outcome: 'graded', published: true },
              new: { points: 7, outcome: 'graded', published: false },
              comment: null,
              maxPoints: 10,
              gradingSchemaId: null,
              gradingSchemaVersion: null,
              itemVersion: 2,
              gradeVersion: 4,
              actor: { id: 7, name: 'Lena Berg' },
              impersonator: null,
              reason: REQUEST.reason,
              requestId: 12,
              at: '2027-03-04T09:00:00.000Z',
            },
          ],
        })
      : jsonResponse({ detail: 'unexpected' }, 500);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation((input, init) => {
    const url = urlOf(input);
    if (init?.method === 'POST') return Promise.resolve(postAnswer(url));
    if (url === '/api/en/lms/grade-request/12') return Promise.resolve(jsonResponse(detail));
    return Promise.reject(new Error(`unexpected ${url}`));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function open() {
  renderWithProviders(
    <Routes>
      <Route path="/en/learning/grade-request/:id" element={<GradeRequestPage />} />
    </Routes>,
    { route: '/en/learning/grade-request/12' },
  );
}

const lastPost = () => {
  const i = fetchMock.mock.calls.findLastIndex((c) => c[1]?.method === 'POST');
  const call = fetchCall(fetchMock, i);
  return { url: call.url, body: JSON.parse(call.init.body as string) as unknown };
};

describe('GradeRequestPage', () => {
  it('shows the request, the grade now and what happened; approving asks first and shows the ledger event', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Undo publish #12' })).toBeVisible();
    expect(screen.getByText('7 of 10 → not published')).toBeVisible();
    expect(screen.getByText('7 of 10 · published')).toBeVisible();
    expect(screen.getByText('Asked by Ana Ruiz')).toBeVisible();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const form = await screen.findByRole('form', { name: 'Approve request #12' });
    // The dialog fades in: on a busy machine its text can still be hidden when it is found.
    await waitFor(() => {
      expect(within(form).getByText(/The grade becomes a draft again/)).toBeVisible();
    });
    await user.click(within(form).getByRole('button', { name: 'Approve' }));
    await waitFor(() => {
      expect(lastPost()).toEqual({
        url: '/api/en/lms/grade-request/12/approve',
        body: { version: 1 },
      });
    });
    expect(await screen.findByText('Unpublished: 7 of 10 → 7 of 10 (draft)')).toBeVisible();
    // Asked, decided, then what the decision wrote to the ledger.
    const history = screen.getByRole('list', { name: 'History' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p')?.textContent),
    ).toEqual([
      'Asked by Ana Ruiz',
      'Approved by Lena Berg',
      'Unpublished: 7 of 10 → 7 of 10 (draft)',
    ]);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('declines only with a note, and sends it', async () => {
    postAnswer = () =>
      jsonResponse({
        ...detail,
        request: {
          ...REQUEST,
          state: 'declined',
          decisionNote: 'Grade is right.',
          mayDecide: false,
        },
      });
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const form = await screen.findByRole('form', { name: 'Decline request #12' });
    await user.click(within(form).getByRole('button', { name: 'Decline' }));
    expect(await within(form).findByText('Say why the request is declined.')).toBeVisible();
    expect(fetchMock.mock.calls.some((c) => c[1]?.method === 'POST')).toBe(false);
    await user.type(
      within(form).getByRole('textbox', { name: /Why is it declined/ }),
      'Grade is right.',
    );
    await user.click(within(form).getByRole('button', { name: 'Decline' }));
    await waitFor(() => {
      expect(lastPost()).toEqual({
        url: '/api/en/lms/grade-request/12/decline',
        body: { version: 1, note: 'Grade is right.' },
      });
    });
    expect(await screen.findByText('Declined', { selector: '.mantine-Badge-label' })).toBeVisible();
  });

  it('lets the requester withdraw after confirming, and shows a refusal as the server words it', async () => {
    detail = { ...DETAIL, request: { ...REQUEST, mayDecide: false, mayWithdraw: true } };
    postAnswer = () =>
      jsonResponse(
        { detail: 'This request was already approved by Lena Berg on 3 Mar 14:02.' },
        409,
      );
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    const form = await screen.findByRole('form', { name: 'Withdraw request #12' });
    await user.click(within(form).getByRole('button', { name: 'Withdraw' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'This request was already approved by Lena Berg on 3 Mar 14:02.',
    );
    expect(lastPost()).toEqual({
      url: '/api/en/lms/grade-request/12/withdraw',
      body: { version: 1 },
    });
  });

  it('warns when the grade changed since, and does not offer to approve', async () => {
    detail = {
      ...DETAIL,
      stale: true,
      current: { points: 8, outcome: 'graded', published: true, version: 5 },
    };
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The grade changed since this request was made: it is now 8 of 10. This request cannot be approved: decline it, or ask again.',
    );
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeEnabled();
  });

  it('names the certificates that show the old result, and revokes one with a reason', async () => {
    detail = {
      ...DETAIL,
      request: CHANGE,
      certificates: [
        { id: CERT, code: 'ABCD-EFGH-JKLM', issuedOn: '2027-03-03', revokedAt: null },
        {
          id: '8a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
          code: 'WXYZ-WXYZ-WXYZ',
          issuedOn: '2026-12-01',
          revokedAt: '2027-01-05T10:00:00Z',
        },
      ],
      mayRevokeCertificates: true,
    };
    postAnswer = (url) =>
      url === `/api/en/certificates/${CERT}/revoke`
        ? jsonResponse({ id: CERT, revokedAt: '2027-03-05T10:00:00.000Z' })
        : jsonResponse({ detail: 'unexpected' }, 500);
    open();
    expect(
      await screen.findByText(
        'A certificate issued on 3 Mar 2027 (ABCD-EFGH-JKLM) shows the old result: re-issue or revoke it.',
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        'The certificate issued on 1 Dec 2026 (WXYZ-WXYZ-WXYZ) was revoked on 5 Jan 2027.',
      ),
    ).toBeVisible();
    expect(screen.getByText('New comment for the student')).toBeVisible();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    const form = await screen.findByRole('form', { name: 'Revoke certificate' });
    await user.click(within(form).getByRole('button', { name: 'Revoke the certificate' }));
    expect(await within(form).findByText('Say why the certificate is revoked.')).toBeVisible();
    await user.type(within(form).getByRole('textbox', { name: /Reason/ }), 'Result changed.');
    await user.click(within(form).getByRole('button', { name: 'Revoke the certificate' }));
    await waitFor(() => {
      expect(lastPost()).toEqual({
        url: `/api/en/certificates/${CERT}/revoke`,
        body: { reason: 'Result changed.' },
      });
    });
    // The page is read again so the certificate shows as revoked.
    await waitFor(() => {
      expect(
        fetchMock.mock.calls.filter((c) => urlOf(c[0]) === '/api/en/lms/grade-request/12'),
      ).toHaveLength(2);
    });
  });

  it('offers no Revoke without the right', async () => {
    detail = {
      ...DETAIL,
      request: CHANGE,
      certificates: [{ id: CERT, code: 'ABCD-EFGH-JKLM', issuedOn: '2027-03-03', revokedAt: null }],
      mayRevokeCertificates: false,
    };
    open();
    expect(await screen.findByText(/ABCD-EFGH-JKLM/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull();
  });
});
