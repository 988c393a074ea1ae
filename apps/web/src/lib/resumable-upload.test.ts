import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadOptions } from 'tus-js-client';
import { startResumableUpload } from './resumable-upload';
import { clearSession, storeTokens } from './storage';

/** A stand-in for tus-js-client's Upload: the test drives its callbacks. */
class FakeUpload {
  static last: FakeUpload | null = null;
  static previous: { uploadUrl: string }[] = [];
  url: string | null = null;
  started = 0;
  aborts: boolean[] = [];
  resumedFrom: unknown = null;
  constructor(
    readonly file: File,
    readonly options: UploadOptions,
  ) {
    FakeUpload.last = this;
  }
  findPreviousUploads() {
    return Promise.resolve(FakeUpload.previous);
  }
  resumeFromPreviousUpload(previous: unknown) {
    this.resumedFrom = previous;
  }
  start() {
    this.started += 1;
  }
  abort(terminate = false) {
    this.aborts.push(terminate);
    return Promise.resolve();
  }
}

vi.mock('tus-js-client', () => ({ Upload: FakeUpload }));

const response = (status: number, body: string) => ({
  originalResponse: { getStatus: () => status, getBody: () => body, getHeader: () => undefined },
});

const file = new File(['%PDF-1.7 hello'], 'essay.pdf', { type: 'application/pdf' });

/** Starts an upload and waits until the lazily loaded client has started it. */
async function begin(extra: { onStateChange?: (s: string) => void } = {}) {
  const onProgress = vi.fn();
  const upload = startResumableUpload({
    endpoint: '/api/en/lms/submission-uploads',
    file,
    metadata: { itemId: '7' },
    userId: 42,
    onProgress,
    ...extra,
  });
  await vi.waitFor(() => {
    expect(FakeUpload.last?.started).toBeGreaterThan(0);
  });
  const tus = FakeUpload.last;
  if (!tus) throw new Error('No upload was made.');
  return { upload, tus, onProgress };
}

beforeEach(() => {
  FakeUpload.last = null;
  FakeUpload.previous = [];
  localStorage.clear();
  storeTokens('token-1', 'refresh-1');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('startResumableUpload', () => {
  it('uploads with the token and the file name, reports progress and answers the upload id', async () => {
    const states: string[] = [];
    const { upload, tus, onProgress } = await begin({ onStateChange: (s) => states.push(s) });
    expect(tus.options.endpoint).toBe('/api/en/lms/submission-uploads');
    expect(tus.options.metadata).toEqual({ filename: 'essay.pdf', itemId: '7' });
    const headers: Record<string, string> = {};
    await tus.options.onBeforeRequest?.({
      setHeader: (k: string, v: string) => {
        headers[k] = v;
      },
    } as never);
    expect(headers.Authorization).toBe('Bearer token-1');
    // The resume map is the user's: another user's same file is another upload.
    const key = await tus.options.fingerprint?.(file, tus.options);
    expect(key).toContain('lantern-upload:42:');
    expect(key).toContain('item-7');

    tus.options.onProgress?.(5, 14);
    expect(onProgress).toHaveBeenCalledWith(5, 14);
    tus.url = '/api/en/lms/submission-uploads/0b6f6c57-3f39-4a4e-9a53-0d6f33d1f0a1';
    tus.options.onSuccess?.({} as never);
    await expect(upload.done).resolves.toEqual({
      uploadId: '0b6f6c57-3f39-4a4e-9a53-0d6f33d1f0a1',
    });
    expect(states).toEqual(['uploading', 'done']);
  });

  it("answers the upload id without the impersonation the server's Location carries", async () => {
    localStorage.setItem('impersonateUsername', 'lead_faculty');
    const { upload, tus } = await begin();
    // The creation carries the switch; the server puts it in the Location for the rest.
    expect(tus.options.endpoint).toBe('/api/en/lms/submission-uploads?_switch_user=lead_faculty');
    tus.url =
      '/api/en/lms/submission-uploads/0b6f6c57-3f39-4a4e-9a53-0d6f33d1f0a1?_switch_user=lead_faculty';
    tus.options.onSuccess?.({} as never);
    await expect(upload.done).resolves.toEqual({
      uploadId: '0b6f6c57-3f39-4a4e-9a53-0d6f33d1f0a1',
    });
  });

  it('retries a dropped link (paused) and offset conflicts, but not a refusal', async () => {
    const states: string[] = [];
    const { tus } = await begin({ onStateChange: (s) => states.push(s) });
    const retry = (status: number) =>
      tus.options.onShouldRetry?.(response(status, '') as never, 1, tus.options);
    expect(retry(0)).toBe(true);
    expect(states.at(-1)).toBe('paused');
    expect(retry(503)).toBe(true);
    expect(retry(409)).toBe(true);
    expect(retry(423)).toBe(true);
    expect(retry(413)).toBe(false);
    expect(retry(415)).toBe(false);
  });

  it("rejects with the server's sentence when the upload is refused", async () => {
    const states: string[] = [];
    const { upload, tus } = await begin({ onStateChange: (s) => states.push(s) });
    const detail = 'File must be a valid file: this one is none of PDF.';
    tus.options.onError?.(
      Object.assign(
        new Error('tus: unexpected response'),
        response(415, JSON.stringify({ detail })),
      ),
    );
    await expect(upload.done).rejects.toThrow(detail);
    expect(states.at(-1)).toBe('failed');
  });

  it('resumes an upload the resume map knows', async () => {
    FakeUpload.previous = [{ uploadUrl: '/api/en/lms/submission-uploads/abc' }];
    const { tus } = await begin();
    expect(tus.resumedFrom).toEqual({ uploadUrl: '/api/en/lms/submission-uploads/abc' });
  });

  it('pauses when the browser goes offline and goes on when it is back', async () => {
    const states: string[] = [];
    const { tus } = await begin({ onStateChange: (s) => states.push(s) });
    window.dispatchEvent(new Event('offline'));
    expect(tus.aborts).toEqual([false]);
    expect(states.at(-1)).toBe('paused');
    window.dispatchEvent(new Event('online'));
    expect(tus.started).toBe(2);
    expect(states.at(-1)).toBe('uploading');
  });

  it('cancels on the server and rejects with an AbortError', async () => {
    const { upload, tus } = await begin();
    await upload.abort();
    expect(tus.aborts).toEqual([true]);
    await expect(upload.done).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('asks the server to remove nothing once the upload is finished (it was handed on)', async () => {
    const { upload, tus } = await begin();
    tus.url = '/api/en/lms/submission-uploads/0b6f6c57-3f39-4a4e-9a53-0d6f33d1f0a1';
    tus.options.onSuccess?.({} as never);
    await upload.done;
    // Leaving the form after the package was made of the upload: no DELETE of what is gone.
    await upload.abort();
    expect(tus.aborts).toEqual([]);
  });

  it('forgets every resume entry at sign-out, and only those', () => {
    localStorage.setItem('tus::lantern-upload:42:/api/en/lms/submission-uploads:item-7::1', '{}');
    localStorage.setItem('unrelated', 'kept');
    clearSession();
    expect(
      localStorage.getItem('tus::lantern-upload:42:/api/en/lms/submission-uploads:item-7::1'),
    ).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });
});
