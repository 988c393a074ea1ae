/**
 * The rich-text sanitiser's own thread (decision 0019, "Rich text"): DOMPurify on jsdom costs
 * tens to hundreds of milliseconds for a long page, which would stop every other request if it
 * ran on the HTTP thread. Requests are answered one at a time, in order.
 */
import { parentPort } from 'node:worker_threads';
import { createSanitiser } from './rich-text-core';

const port = parentPort;
if (!port) throw new Error('rich-text-worker.ts runs as a worker thread.');
const sanitise = createSanitiser();

port.on('message', (request: { id: number; html: string }) => {
  try {
    port.postMessage({ id: request.id, ok: true, html: sanitise(request.html) });
  } catch (error) {
    port.postMessage({ id: request.id, ok: false, message: String(error) });
  }
});
port.postMessage({ id: 0, ok: true, html: '' });
