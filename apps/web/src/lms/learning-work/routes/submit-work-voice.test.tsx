import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { Attempt, MyWork } from '@lantern/contracts/learning-work';
import { BASE_DATA } from '../../../test/fixtures';
import { jsonResponse, renderWithProviders, urlOf } from '../../../test/render';
import SubmitWorkRoute from './submit-work';

const upload = vi.hoisted(() => ({
  startResumableUpload: vi.fn(),
}));
vi.mock('../../../lib/resumable-upload', () => upload);

/** MediaRecorder as the browser has it, driven by the test: data arrives when it stops. */
class FakeRecorder extends EventTarget {
  static made: FakeRecorder[] = [];
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
  state: 'inactive' | 'recording' = 'inactive';
  readonly mimeType: string;
  timeslice: number | undefined;
  constructor(
    readonly stream: unknown,
    readonly options: MediaRecorderOptions,
  ) {
    super();
    this.mimeType = options.mimeType ?? '';
    FakeRecorder.made.push(this);
  }
  start(timeslice?: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    const data = new Blob(['opus'.repeat(100)], { type: this.mimeType });
    this.dispatchEvent(Object.assign(new Event('dataavailable'), { data }));
    this.dispatchEvent(new Event('stop'));
  }
}

const fetchMock = vi.fn<typeof fetch>();
const getUserMedia = vi.fn();
const trackStop = vi.fn();
const revoke = vi.fn();
let now = 0;

const voiceWork = (over: Partial<MyWork> = {}): MyWork => ({
  task: {
    id: 9,
    kind: 'voice_task',
    title: 'Introduce yourself',
    body: '<p>Tell us who you are.</p>',
    course: { id: 3, code: 'ENG101', title: 'Speaking' },
    unit: { id: 4, title: 'Hello' },
    delivery: 'online',
    maxPoints: 10,
    dueAt: null,
    lateUntil: null,
    settings: {
      minWords: null,
      maxWords: null,
      maxAttempts: null,
      accept: ['webm', 'ogg', 'm4a', 'mp4'],
      maxFiles: 1,
      maxFileBytes: 2 * 1024 * 1024,
      maxSeconds: 60,
      allowFile: false,
    },
  },
  state: 'not_started',
  attempts: [],
  draft: null,
  blocked: null,
  studyBreakUntil: null,
  ...over,
});

const saved: Attempt = {
  id: 700,
  clientId: '00000000-0000-4000-8000-000000000001',
  attempt: 1,
  status: 'draft',
  text: null,
  wordCount: 0,
  late: false,
  submittedAt: null,
  updatedAt: '2026-03-01T10:00:00.000Z',
  version: 1,
  files: [
    { fileId: 'f1', name: 'recording.webm', size: 400, mime: 'video/webm', url: '/api/files/f1' },
  ],
  decision: null,
};

beforeEach(() => {
  FakeRecorder.made = [];
  now = 1_000_000;
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { getUserMedia },
    configurable: true,
  });
  getUserMedia.mockReset();
  getUserMedia.mockResolvedValue({ getTracks: () => [{ stop: trackStop }] });
  trackStop.mockReset();
  revoke.mockReset();
  URL.createObjectURL = vi.fn(() => 'blob:recording');
  URL.revokeObjectURL = revoke;
  fetchMock.mockReset();
  upload.startResumableUpload.mockReset();
  localStorage.setItem('authCode', 'token');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function open(work = voiceWork()) {
  fetchMock.mockImplementation((input, init) => {
    const url = urlOf(input);
    if (url.startsWith('/api/general/current-user/'))
      return Promise.resolve(jsonResponse(BASE_DATA));
    if (url.startsWith('/api/en/lms/task/9/my-work')) return Promise.resolve(jsonResponse(work));
    if (url.startsWith('/api/en/lms/task/9/draft') && init?.method === 'PUT')
      return Promise.resolve(jsonResponse(saved));
    if (url.startsWith('/api/en/lms/task/9/submit'))
      return Promise.resolve(jsonResponse({ ...saved, status: 'submitted' }));
    return Promise.resolve(jsonResponse({ detail: 'Not found', code: 'NOT_FOUND' }, 404));
  });
  renderWithProviders(
    <Routes>
      <Route path="/en/submit_work/:itemId" element={<SubmitWorkRoute />} />
    </Routes>,
    { route: '/en/submit_work/9' },
  );
}

const calls = (part: string) =>
  fetchMock.mock.calls.filter(([input]) => urlOf(input).includes(part));

async function record(seconds: number) {
  fireEvent.click(await screen.findByRole('button', { name: 'Record' }));
  await screen.findByRole('button', { name: 'Stop recording' });
  now += seconds * 1000;
}

describe('a voice task’s answer page', () => {
  it('records mono speech at 24 kbit/s in 1 s chunks, and refuses to hand in while recording', async () => {
    open();
    await record(3);
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
    });
    const [recorder] = FakeRecorder.made;
    expect(recorder?.options).toEqual({
      audioBitsPerSecond: 24_000,
      mimeType: 'audio/webm;codecs=opus',
    });
    expect(recorder?.timeslice).toBe(1000);
    expect(await screen.findByText('Recording 0:03 of 1:00')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Hand in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please stop your recording first');
    expect(upload.startResumableUpload).not.toHaveBeenCalled();
    expect(calls('/draft')).toHaveLength(0);
    expect(calls('/submit')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Once stopped, the sentence has done its work and goes.
    fireEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
    expect(await screen.findByText('Your recording, 0:03')).toBeInTheDocument();
    expect(screen.queryByText('Please stop your recording first')).toBeNull();
  });

  it('plays the recording back, asks before recording again, then sends it and hands in', async () => {
    upload.startResumableUpload.mockReturnValue({
      done: Promise.resolve({ uploadId: '11111111-1111-4111-8111-111111111111' }),
      abort: vi.fn(),
    });
    open();
    await record(5);
    fireEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
    expect(await screen.findByText('Your recording, 0:05')).toBeInTheDocument();
    expect(screen.getByLabelText('Play your recording')).toHaveAttribute('src', 'blob:recording');
    expect(trackStop).toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Record again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record again?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Your recording, 0:05')).toBeInTheDocument();
    expect(FakeRecorder.made).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Hand in' }));
    const handInDialog = await screen.findByRole('dialog', { name: 'Hand in your recording?' });
    fireEvent.click(within(handInDialog).getByRole('button', { name: 'Hand in' }));
    await waitFor(() => expect(calls('/submit')).toHaveLength(1));
    const options = upload.startResumableUpload.mock.calls[0]?.[0] as {
      endpoint: string;
      file: File;
      metadata: Record<string, string>;
    };
    expect(options.endpoint).toBe('/api/en/lms/submission-uploads');
    expect(options.metadata).toEqual({ itemId: '9', filename: 'recording.webm' });
    expect(options.file.type).toBe('audio/webm;codecs=opus');
    expect(options.file.size).toBe(400);
    const [, draftInit] = calls('/draft')[0] ?? [];
    expect(JSON.parse(draftInit?.body as string)).toMatchObject({
      files: [{ uploadId: '11111111-1111-4111-8111-111111111111' }],
    });
  });

  it('stops by itself at the task’s longest recording', async () => {
    open();
    await record(60);
    expect(
      await screen.findByText('Recording stopped at 1:00, the most this task takes.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Your recording, 1:00')).toBeInTheDocument();
    // Record again, confirmed: the old recording goes and a new one starts.
    fireEvent.click(screen.getByRole('button', { name: 'Record again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record again?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record again' }));
    expect(await screen.findByRole('button', { name: 'Stop recording' })).toBeInTheDocument();
    expect(FakeRecorder.made).toHaveLength(2);
    expect(screen.queryByText('Your recording, 1:00')).toBeNull();
    expect(revoke).toHaveBeenCalledWith('blob:recording');
  });

  it('says a recording under a second is empty, and a refused microphone how to allow it', async () => {
    open();
    await record(0.4);
    fireEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The recording is empty: record again.',
    );
    getUserMedia.mockRejectedValue(Object.assign(new Error('no'), { name: 'NotAllowedError' }));
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Lantern may not use your microphone: allow it in your browser’s site settings.',
    );
  });

  it('asks for a recording before handing in nothing', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Hand in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Record your answer first.');
  });
});
