import { describe, expect, it } from 'vitest';
import { VALIDATION } from '@lantern/contracts/messages';
import {
  APPLICANT_IMPORT_ALIASES,
  APPLICANT_IMPORT_COLUMNS,
  GENDER_IMPORT_MESSAGE,
  applicantImportRowSchema,
} from '@lantern/contracts/programme';
import { columnIndex, dateOrderOf, headerKey, isoDateOf, validateRows } from './import-pipeline';
import { detectEncoding, readSheetOf } from './sheet';

/**
 * Text in a Windows code page, byte for byte: the code page's own table (the platform's
 * decoder, ICU's mapping) turned round, so the bytes are what Excel writes.
 */
function encodeIn(codePage: 'windows-1252' | 'windows-1256', text: string): Buffer {
  const decoder = new TextDecoder(codePage);
  const byChar = new Map<string, number>();
  for (let b = 0; b < 256; b += 1) byChar.set(decoder.decode(Uint8Array.of(b)), b);
  return Buffer.from(
    Array.from(text, (c) => {
      const b = byChar.get(c);
      if (b === undefined) throw new Error(`${c} is not in ${codePage}`);
      return b;
    }),
  );
}

const arabicRoster = [
  'الاسم الأول,اسم العائلة,تاريخ الميلاد,الجنس,المركز',
  'محمد,الحسن,14/03/2001,ذكر,KAK',
  'فاطمة,عبد الله,02/11/1999,أنثى,KAK',
  'ليلى,الخطيب,25/12/2000,انثى,KAK',
].join('\r\n');

describe('the encoding of a CSV', () => {
  it('reads a Windows-1256 Arabic roster as Arabic, not as Latin garbage', async () => {
    const bytes = encodeIn('windows-1256', arabicRoster);
    expect(detectEncoding(bytes)).toBe('windows-1256');
    const read = await readSheetOf(bytes);
    expect(read).toMatchObject({ encoding: 'windows-1256', detected: true });
    expect(read.rows[1]?.cells.slice(0, 2)).toEqual(['محمد', 'الحسن']);
  });

  it('reads a Windows-1252 file with accents as Windows-1252', async () => {
    const bytes = encodeIn(
      'windows-1252',
      'firstName,lastName\r\nJosé,Müller\r\nFrançoise,Ñúñez\r\nAnaïs,Dvořak'.replace('ř', 'r'),
    );
    expect(detectEncoding(bytes)).toBe('windows-1252');
    const read = await readSheetOf(bytes);
    expect(read.rows.map((r) => r.cells[0])).toEqual(['firstName', 'José', 'Françoise', 'Anaïs']);
  });

  it('reads UTF-8 with a BOM and UTF-16 with a BOM, the BOM not in the first header', async () => {
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(arabicRoster)]);
    const readUtf8 = await readSheetOf(utf8);
    expect(readUtf8.encoding).toBe('utf-8');
    expect(readUtf8.rows[0]?.cells[0]).toBe('الاسم الأول');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(arabicRoster, 'utf16le')]);
    const readUtf16 = await readSheetOf(utf16);
    expect(readUtf16.encoding).toBe('utf-16le');
    expect(readUtf16.rows[2]?.cells[0]).toBe('فاطمة');
  });

  it('reads the file in the encoding the person chose', async () => {
    const bytes = encodeIn('windows-1256', arabicRoster);
    const read = await readSheetOf(bytes, { encoding: 'windows-1252' });
    expect(read).toMatchObject({ encoding: 'windows-1252', detected: false });
    expect(read.rows[1]?.cells[0]).not.toBe('محمد');
  });
});

describe('headers in any script', () => {
  it('matches Arabic headers through the one alias table', () => {
    expect(headerKey('الاسم الأول')).toBe(headerKey('الاسم_الأول'));
    expect(headerKey('First Name')).toBe('firstname');
    const index = columnIndex(
      { row: 1, cells: arabicRoster.split('\r\n')[0]?.split(',') ?? [] },
      APPLICANT_IMPORT_COLUMNS,
      APPLICANT_IMPORT_ALIASES,
    );
    expect(Object.fromEntries(index)).toEqual({
      firstName: 0,
      lastName: 1,
      birthDate: 2,
      gender: 3,
      clcCode: 4,
    });
  });
});

describe('dates', () => {
  it('lets the values decide: a first part above 12 is DD/MM, a second part above 12 MM/DD', () => {
    expect(dateOrderOf(['14/03/2001', '02/11/1999'])).toBe('dmy');
    expect(dateOrderOf(['03/14/2001', '11/02/1999'])).toBe('mdy');
    expect(dateOrderOf(['2001-03-14'])).toBe('iso');
    expect(dateOrderOf(['03/04/2001', '05/06/1999'])).toBe('ambiguous');
    expect(dateOrderOf(['03/04/2001', '05/06/1999'], 'mdy')).toBe('mdy');
    expect(dateOrderOf(['', ''])).toBeNull();
    expect(isoDateOf('03/14/2001', 'mdy')).toBe('2001-03-14');
    expect(isoDateOf('4/3/2001', 'dmy')).toBe('2001-03-04');
  });

  it('reads Excel serial dates', () => {
    expect(isoDateOf('36526', 'iso')).toBe('2000-01-01');
    expect(isoDateOf('44927', null)).toBe('2023-01-01');
  });

  const rowsOf = (dates: string[]) =>
    dates.map((d, i) => ({ row: i + 2, cells: ['Amal', 'Haddad', d, 'KAK'] }));
  const check = (dates: string[], order?: 'dmy' | 'mdy') =>
    validateRows({
      rows: rowsOf(dates),
      index: new Map([
        ['firstName', 0],
        ['lastName', 1],
        ['birthDate', 2],
        ['clcCode', 3],
      ] as const),
      columns: APPLICANT_IMPORT_COLUMNS,
      schema: applicantImportRowSchema,
      dates: { columns: ['birthDate'], ...(order ? { order } : {}) },
    });

  it('imports a US export, and names the expected format after the spec text', async () => {
    const us = await check(['03/14/2001', '12/25/1999', '02/30/2000']);
    expect(us.dates).toBe('mdy');
    expect(us.valid.map((v) => v.value.birthDate)).toEqual(['2001-03-14', '1999-12-25']);
    expect(us.problems).toEqual([
      {
        row: 4,
        column: 'birthDate',
        message: `${VALIDATION.date}. Expected format: MM/DD/YYYY (as in the rest of this file) or YYYY-MM-DD.`,
      },
    ]);
    expect(us.problems[0]?.message.startsWith('Please provide a valid Date. ')).toBe(true);
  });

  it('asks when the file cannot tell, and reads it as the person chose', async () => {
    const unsure = await check(['03/04/2001', '05/06/1999']);
    expect(unsure.dates).toBe('ambiguous');
    expect(unsure.problems).toEqual([
      {
        row: 1,
        column: 'birthDate',
        message:
          'These dates can be read as DD/MM/YYYY or MM/DD/YYYY. Choose which this file uses.',
      },
    ]);
    const chosen = await check(['03/04/2001', '05/06/1999'], 'mdy');
    expect(chosen.problems).toEqual([]);
    expect(chosen.valid.map((v) => v.value.birthDate)).toEqual(['2001-03-04', '1999-05-06']);
  });
});

describe('the gender cell', () => {
  it('says the accepted values, and takes the Arabic words', () => {
    const row = { firstName: 'A', lastName: 'B', birthDate: '2000-01-01', clcCode: 'KAK' };
    const wrong = applicantImportRowSchema.safeParse({ ...row, gender: 'x' });
    expect(wrong.error?.issues[0]?.message).toBe(GENDER_IMPORT_MESSAGE);
    expect(GENDER_IMPORT_MESSAGE).toMatch(
      /^Please select a valid option\. Accepted values: m, male, f, female/,
    );
    expect(applicantImportRowSchema.parse({ ...row, gender: 'أنثى' }).gender).toBe('f');
  });
});
