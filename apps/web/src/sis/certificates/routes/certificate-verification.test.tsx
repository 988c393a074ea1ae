import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { fetchCall, jsonResponse, renderWithProviders } from '../../../test/render';
import CertificateVerificationRoute from './certificate-verification';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const CODE = 'ABCD-EFGH-JKLM';

function open(path: string) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/:lang/certificate-verification/:code?"
        element={<CertificateVerificationRoute />}
      />
    </Routes>,
    { route: path },
  );
}

describe('the certificate verification page', () => {
  it('shows a valid certificate with what it says, asked without a sign-in', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({
        valid: true,
        verificationCode: CODE,
        studentName: 'Achol Garang',
        programmeTitle: 'Professional Certificate in Community Health Work',
        certifyingUniversity: 'Regis University, Denver',
        clcName: 'Kakuma CLC',
        issuedOn: '2025-11-30',
      }),
    );
    open(`/en/certificate-verification/${CODE}`);
    const result = (await screen.findByText('Valid certificate')).closest('[role="status"]');
    expect(result).not.toBeNull();
    expect(result).toHaveTextContent('Achol Garang');
    expect(result).toHaveTextContent('Regis University, Denver');
    expect(result).toHaveTextContent('30 November 2025');
    const call = fetchCall(fetchMock, 0);
    expect(call.url).toBe(`/public-api/1.0/certificates/${CODE}`);
    expect(new Headers(call.init.headers).has('Authorization')).toBe(false);
  });

  it('says plainly when no certificate has the code', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          valid: false,
          reason: 'not_found',
          detail: 'No certificate has this verification code.',
          code: 'NOT_FOUND',
          verificationCode: CODE,
        },
        404,
      ),
    );
    open(`/en/certificate-verification/${CODE}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not a valid certificate');
    expect(alert).toHaveTextContent(CODE);
  });

  it('says a revoked certificate is not valid, and when it was revoked', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({
        valid: false,
        reason: 'revoked',
        detail: 'This certificate was revoked and is no longer valid.',
        verificationCode: CODE,
        studentName: 'Achol Garang',
        programmeTitle: 'Professional Certificate in Community Health Work',
        issuedOn: '2025-11-30',
        revokedOn: '2026-01-02',
      }),
    );
    open(`/en/certificate-verification/${CODE}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Revoked certificate');
    expect(alert).toHaveTextContent('2 January 2026');
    expect(alert).not.toHaveTextContent('Valid certificate');
  });

  it('tells a failed check apart from an unknown code', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    open(`/en/certificate-verification/${CODE}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The code could not be checked');
    expect(alert).not.toHaveTextContent('Not a valid certificate');
  });

  it('checks another code as typed, and refuses one of the wrong shape', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          valid: false,
          reason: 'not_found',
          detail: 'No certificate has this verification code.',
          code: 'NOT_FOUND',
          verificationCode: 'WXYZ-2345-6789',
        },
        404,
      ),
    );
    open('/en/certificate-verification');
    expect(fetchMock).not.toHaveBeenCalled();
    const user = userEvent.setup();
    const input = screen.getByRole('textbox', { name: 'Verification code' });
    await user.type(input, 'abc');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(input).toHaveAccessibleDescription(
      'Enter the 12 letters and digits of the code, as ABCD-EFGH-JKLM.',
    );
    await user.clear(input);
    await user.type(input, 'wxyz 2345 6789');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('WXYZ-2345-6789');
    expect(fetchCall(fetchMock, 0).url).toBe('/public-api/1.0/certificates/WXYZ-2345-6789');
  });
});
