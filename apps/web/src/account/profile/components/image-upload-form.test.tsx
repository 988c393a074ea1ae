import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_IMAGE_BYTES } from '@lantern/contracts/profile';
import { fetchCall, jsonResponse, renderWithProviders } from '../../../test/render';
import { IMAGE_TOO_LARGE, ImageUploadForm } from './image-upload-form';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  localStorage.setItem('authCode', 'token');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function photo(size: number, type = 'image/jpeg'): File {
  const file = new File(['photo'], 'me.jpg', { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function choose(file: File) {
  const onUploaded = vi.fn();
  const { container } = renderWithProviders(
    <ImageUploadForm imageType="profile" onUploaded={onUploaded} />,
    { route: '/en/profile/image-upload/profile' },
  );
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  const user = userEvent.setup();
  await user.upload(input, file);
  return { user, onUploaded };
}

describe('ImageUploadForm', () => {
  it('refuses a photo over the size cap before sending it', async () => {
    const { user } = await choose(photo(MAX_IMAGE_BYTES + 1));
    expect(await screen.findByText(IMAGE_TOO_LARGE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload photo' }));
    expect(screen.getByText(IMAGE_TOO_LARGE)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a photo at the cap as multipart form data', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ imageType: 'profile', photo: '/api/en/profile/photo/1' }),
    );
    const { user, onUploaded } = await choose(photo(MAX_IMAGE_BYTES));
    await user.click(screen.getByRole('button', { name: 'Upload photo' }));
    await vi.waitFor(() => {
      expect(onUploaded).toHaveBeenCalledTimes(1);
    });
    const { url, init } = fetchCall(fetchMock, 0);
    expect(url).toBe('/api/en/profile/image-upload/profile');
    expect(init.body).toBeInstanceOf(FormData);
  });
});
