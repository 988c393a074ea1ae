import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { Profile } from '@lantern/contracts/profile';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import ImageUploadRoute from './image-upload';

const fetchMock = vi.fn<typeof fetch>();

const PROFILE: Profile = {
  id: 10010,
  username: 'student',
  firstName: 'Amina',
  lastName: 'Okello',
  email: null,
  phone: null,
  gender: 'f',
  systemRole: 'user',
  employeeType: null,
  profilePhoto: null,
  lastSignInAt: null,
  clcs: [],
  canUploadPhoto: true,
  certificatePhoto: null,
  canUploadCertificatePhoto: true,
  roles: [],
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.setItem('authCode', 'token');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function open(imageType: string, profile: Partial<Profile> = {}) {
  fetchMock.mockResolvedValue(jsonResponse({ ...PROFILE, ...profile }));
  renderWithProviders(
    <Routes>
      <Route path="/en/profile/image-upload/:imageType?" element={<ImageUploadRoute />} />
    </Routes>,
    { route: `/en/profile/image-upload/${imageType}` },
  );
}

describe('ImageUploadRoute', () => {
  it('takes the certificate photo as well as the profile photo', async () => {
    open('certificate');
    expect(screen.getByRole('heading', { name: 'Certificate photo' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Upload photo' })).toBeInTheDocument();
  });

  it('sends to the helpdesk once the certificate photo is there', async () => {
    open('certificate', { certificatePhoto: '/api/files/x', canUploadCertificatePhoto: false });
    expect(await screen.findByRole('status')).toHaveTextContent(/request to the helpdesk/);
    expect(screen.queryByRole('button', { name: 'Upload photo' })).toBeNull();
  });

  it('says that only students have a certificate photo', async () => {
    open('certificate', { canUploadCertificatePhoto: false });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Only students have a certificate photo.',
    );
  });
});
