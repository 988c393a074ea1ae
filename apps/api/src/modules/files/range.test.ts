import { describe, expect, it } from 'vitest';
import { contentDisposition, mayShowInline, parseRange } from './range';

describe('byte ranges', () => {
  it('reads one range, a suffix and an open end; refuses what lies outside', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-2', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    // Several ranges, other units and nonsense are answered whole.
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
    expect(parseRange('bytes=-', 100)).toBeNull();
  });

  it('shows only PDFs, pictures, sound and video inline', () => {
    for (const mime of ['application/pdf', 'image/png', 'audio/mpeg', 'video/mp4'])
      expect(mayShowInline(mime)).toBe(true);
    for (const mime of ['image/svg+xml', 'text/html', 'text/plain', 'application/zip'])
      expect(mayShowInline(mime)).toBe(false);
  });

  it('names a download in plain ASCII and in UTF-8', () => {
    expect(contentDisposition('attachment', 'Über "uns"/2.pdf')).toBe(
      `attachment; filename="_ber _uns__2.pdf"; filename*=UTF-8''%C3%9Cber%20_uns__2.pdf`,
    );
  });
});
