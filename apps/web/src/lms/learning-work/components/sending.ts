import type { UploadState } from '../../../lib/resumable-upload';

/** A file on its way to the server: its name, the bytes sent of all, and the upload's state. */
export type Sending = { name: string; sent: number; total: number; state: UploadState };
