// What other modules may use of this one; everything else here is its own.
export { sweepUnattachedUploads, sweepUploads } from './uploads.service';
