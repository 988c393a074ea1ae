import type { Download } from './api-client';

/** Hands a downloaded file to the browser to save, under the name the server gave it. */
export function saveFile({ blob, filename }: Download): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob over; the URL can go once the browser picked it up.
  window.setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 10_000);
}
