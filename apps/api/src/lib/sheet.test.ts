import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_ROWS, readSheet } from './sheet';

const csv = (rows: number) =>
  Buffer.from(
    [
      'first name;last name;note',
      ...Array.from({ length: rows }, (_, i) => `Amal ${String(i)};"Haddad; Jr";"ü 😀 ""x"""`),
    ].join('\r\n'),
  );

describe('reading an uploaded CSV', () => {
  it('reads every row and cell as before: separator, quotes, non-Latin text', async () => {
    const rows = await readSheet(csv(3));
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual({ row: 1, cells: ['first name', 'last name', 'note'] });
    expect(rows[3]).toEqual({ row: 4, cells: ['Amal 2', 'Haddad; Jr', 'ü 😀 "x"'] });
  });

  it('keeps characters whole where the text is cut into slices', async () => {
    const wide = '😀'.repeat(40_000);
    const rows = await readSheet(Buffer.from(`a\r\n${wide}\r\n${wide}`));
    expect(rows.map((r) => r.cells[0])).toEqual(['a', wide, wide]);
  });

  it('lets timers run while it reads a large file (20,000 rows)', async () => {
    let fired = false;
    setTimeout(() => {
      fired = true;
    }, 0);
    const rows = await readSheet(csv(20_000));
    const firedDuring = fired;
    expect(rows).toHaveLength(20_001);
    // Read in one piece, the whole file is parsed before the timer's turn comes.
    expect(firedDuring).toBe(true);
  });

  it('refuses a file over the row limit and an unreadable one', async () => {
    await expect(readSheet(csv(MAX_IMPORT_ROWS + 1))).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(readSheet(Buffer.from('a,b\n"x,y\n'))).rejects.toMatchObject({
      message: expect.stringMatching(/^The CSV file could not be read/) as unknown,
    });
  });
});
