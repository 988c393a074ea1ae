import type { DetailedError, HttpRequest, Upload } from 'tus-js-client';
import { UPLOAD_CHUNK_BYTES } from '@lantern/contracts/uploads';
import { buildUrl, refreshAccessToken } from './api-client';
import { RESUME_KEY_PREFIX, getAccessToken, getRefreshToken } from './storage';

/**
 * Resumable uploads (decision 0019): tus through `tus-js-client`, loaded only when the first
 * file is picked so no page carries it in its first chunk. A dropped link is retried with
 * back-off and resumes from the bytes the server has (it asks with HEAD first); an upload
 * broken off by closing the page resumes from the resume map in local storage, keyed by the
 * user and the file, removed on completion and at sign-out.
 */

export type UploadState = 'uploading' | 'paused' | 'done' | 'failed';

export type ResumableUploadOptions = {
  /** `/api/en/lms/submission-uploads` or `/api/en/lms/document-uploads`. */
  endpoint: string;
  file: File;
  /** `itemId` or `courseId`; `filename` is added from the file when missing. */
  metadata: Record<string, string>;
  /** The signed-in user, whose resume map this upload goes in. */
  userId: number;
  onProgress: (sent: number, total: number) => void;
  onStateChange?: (state: UploadState) => void;
};

export type ResumableUpload = {
  done: Promise<{ uploadId: string }>;
  /**
   * Stops and cancels the upload on the server; `done` then rejects with an AbortError. Once the
   * upload is finished it does nothing.
   */
  abort: () => Promise<void>;
};

/** Waits between tries after a dropped link: quickly at first, then every 30 s. */
export const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 30_000, 30_000];

/** The resume-map key of a file for a user and a target (the same file twice is one upload). */
export function resumeKey(userId: number, endpoint: string, file: File, target: string): string {
  return [
    RESUME_KEY_PREFIX + String(userId),
    endpoint,
    target,
    file.name,
    file.size,
    file.lastModified,
  ]
    .map(String)
    .join(':');
}

/** The server's sentence of a refused request, else a general one. */
function sentenceOf(error: Error): string {
  const body = (error as Partial<DetailedError>).originalResponse?.getBody();
  if (body) {
    try {
      const parsed = JSON.parse(body) as { detail?: unknown };
      if (typeof parsed.detail === 'string') return parsed.detail;
    } catch {
      // Not our JSON (a proxy's page): the general sentence below.
    }
  }
  return 'The upload could not be completed. Please try again.';
}

const statusOf = (error: Error): number =>
  (error as Partial<DetailedError>).originalResponse?.getStatus() ?? 0;

export function startResumableUpload(options: ResumableUploadOptions): ResumableUpload {
  const { file, userId, onProgress, onStateChange } = options;
  const metadata = { filename: file.name, ...options.metadata };
  const endpoint = buildUrl(options.endpoint, {}, true);
  let upload: Upload | null = null;
  let aborted = false;
  const isAborted = () => aborted;
  let state: UploadState | null = null;
  let refreshing: Promise<unknown> | null = null;
  const setState = (next: UploadState) => {
    if (state === next) return;
    state = next;
    onStateChange?.(next);
  };

  // Offline: stop at once and say so; back online: go on from what the server has.
  const offline = () => {
    if (!upload || aborted || state === 'done' || state === 'failed') return;
    void upload.abort(false);
    setState('paused');
  };
  const online = () => {
    if (!upload || aborted || state !== 'paused') return;
    setState('uploading');
    upload.start();
  };
  const stopListening = () => {
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
  };

  let rejectDone: (error: Error) => void = () => undefined;
  const done = new Promise<{ uploadId: string }>((resolve, reject) => {
    rejectDone = reject;
    void import('tus-js-client').then(
      async ({ Upload: TusUpload }) => {
        if (aborted) return;
        const fail = (error: Error) => {
          stopListening();
          setState('failed');
          reject(new Error(sentenceOf(error)));
        };
        upload = new TusUpload(file, {
          endpoint,
          metadata,
          chunkSize: UPLOAD_CHUNK_BYTES,
          retryDelays: RETRY_DELAYS_MS,
          storeFingerprintForResuming: true,
          removeFingerprintOnSuccess: true,
          fingerprint: () =>
            Promise.resolve(resumeKey(userId, options.endpoint, file, targetOf(metadata))),
          onBeforeRequest: async (req: HttpRequest) => {
            if (refreshing) await refreshing;
            const token = getAccessToken();
            if (token) req.setHeader('Authorization', `Bearer ${token}`);
          },
          onShouldRetry: (error: DetailedError, attempt: number) => {
            const status = statusOf(error);
            if (status === 401 && attempt === 0) {
              // The access token ran out during a long upload: refresh once, then go on.
              refreshing = refreshAccessToken(getRefreshToken()).finally(() => {
                refreshing = null;
              });
              return true;
            }
            // 409 (another offset: ask HEAD and go on) and 423 (the server is still finishing
            // the request that broke) are worth another try; other refusals are final.
            const retry = status === 0 || status >= 500 || status === 409 || status === 423;
            if (retry) setState('paused');
            return retry;
          },
          onProgress: (sent: number, total: number) => {
            setState('uploading');
            onProgress(sent, total);
          },
          onSuccess: () => {
            stopListening();
            setState('done');
            resolve({ uploadId: uploadIdOf(upload?.url ?? '') });
          },
          onError: fail,
        });
        window.addEventListener('offline', offline);
        window.addEventListener('online', online);
        const previous = await upload.findPreviousUploads();
        const last = previous[0];
        if (last) upload.resumeFromPreviousUpload(last);
        // Cancelled while the resume map was read.
        if (isAborted()) return;
        setState(navigator.onLine ? 'uploading' : 'paused');
        if (navigator.onLine) upload.start();
      },
      (error: unknown) => {
        setState('failed');
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

  return {
    done,
    abort: async () => {
      // A finished upload is the server's now (a package or a hand-in is made of it, and the
      // upload removed): there is nothing to cancel, and a DELETE would only answer 404.
      if (state === 'done') return;
      aborted = true;
      stopListening();
      rejectDone(new DOMException('The upload was cancelled.', 'AbortError'));
      // Terminating removes the bytes on the server and the entry in the resume map.
      if (upload) await upload.abort(true).catch(() => undefined);
    },
  };
}

/**
 * The upload's id: the last segment of its address. While impersonating, the server's Location
 * carries `?_switch_user=…` (so tus's HEAD and PATCH act as the same person): not part of the id.
 */
export function uploadIdOf(uploadUrl: string): string {
  return uploadUrl.split(/[?#]/)[0]?.split('/').pop() ?? '';
}

/** What the upload is for (a task or a course), so the same file for two tasks is two uploads. */
function targetOf(metadata: Record<string, string>): string {
  return metadata.itemId ? `item-${metadata.itemId}` : `course-${metadata.courseId ?? ''}`;
}
