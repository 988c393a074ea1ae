import { VALIDATION } from '@lantern/contracts/messages';
import type { CheckField, DataProblem } from '@lantern/contracts/data-checks';
import { normalisePhone } from '../../lib/phone';

/*
 * The rules of the checks as the list shows them, row by row. The SQL conditions of
 * data-checks.repository.ts select the same people; each pattern here has its twin there.
 */

/** Leading, trailing or doubled spaces in a field. */
export const SPACES = /^ | $| {2}/;
/** The same over the fields joined (and enclosed) by \x01, as SQL reads it. */
export const SPACES_PATTERN = '\\x01 | \\x01| {2}';
/** Stored phones are E.164: every form and import writes them so (lib/phone.ts). */
export const E164 = /^\+[1-9][0-9]{6,14}$/;
/** zod's e-mail pattern (the people forms' check), without its escapes so SQL reads it alike. */
export const EMAIL_PATTERN =
  "^([A-Za-z0-9_'+-]+\\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\\.)+[A-Za-z]{2,}$";
const EMAIL = new RegExp(EMAIL_PATTERN);
/** What a name may hold and still have no letter: spaces, punctuation, digits. */
const NOT_LETTER = `[ .,;:_'"?!/()*+#0-9-]`;
const NO_LETTER = new RegExp(`^${NOT_LETTER}*$`);
/** First or last name without a letter, over first and last name joined by \x01 (SQL). */
export const NO_LETTER_PATTERN = `^${NOT_LETTER}*\\x01|\\x01${NOT_LETTER}*$`;

/** Trim and collapse inner runs of white space into one space. */
export const collapseSpaces = (value: string): string =>
  value.replace(/^ +| +$/g, '').replace(/ {2,}/g, ' ');

/** Each word with a capital first letter, the rest lower case ("o'BRIEN-SMITH" → "O'Brien-Smith"). */
export const capitalise = (value: string): string =>
  value
    .toLocaleLowerCase('en')
    .replace(/(^|[^\p{L}\p{M}'’])(\p{L})/gu, (_m, before: string, letter: string) => {
      return `${before}${letter.toLocaleUpperCase('en')}`;
    });

/**
 * All capitals (longer than one character) or all lower case: a name that wants its case
 * fixed (SQL: `x = upper(x) and x <> lower(x) and char_length(btrim(x)) > 1`, `x = lower(x) and x <> upper(x)`).
 */
export function nameCase(value: string): 'capitals' | 'lower' | null {
  const upper = value.toLocaleUpperCase('en');
  const lower = value.toLocaleLowerCase('en');
  if (upper === lower) return null;
  if (value === upper && value.trim().length > 1) return 'capitals';
  if (value === lower) return 'lower';
  return null;
}

export const isValidEmail = (value: string): boolean => EMAIL.test(value.trim());
export const isMissingName = (value: string): boolean => NO_LETTER.test(value);

export type CheckRow = {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  birthDate: string | null;
  employeeType: string | null;
  identificationType: string | null;
  identificationNumber: string | null;
  phoneCountry: string | null;
  roles: string[];
  hasClc: boolean;
  group: string | null;
  duplicateOf: number[];
  /** The transfers in one person proposed and approved, each described for the review. */
  selfApproved: string[];
};

const SPACED_FIELDS = ['firstName', 'lastName', 'username', 'email'] as const;

export function spaceProblems(row: CheckRow): DataProblem[] {
  return SPACED_FIELDS.flatMap((field): DataProblem[] => {
    const value = row[field];
    if (value === null || !SPACES.test(value)) return [];
    const where = [
      value.startsWith(' ') ? 'leading' : null,
      value.endsWith(' ') ? 'trailing' : null,
      /[^ ] {2,}[^ ]/.test(value) ? 'doubled' : null,
    ].filter(Boolean);
    return [
      {
        field,
        value,
        message: `${where.join(', ')} spaces`.replace(/^./, (c) => c.toUpperCase()),
        suggestion: collapseSpaces(value),
      },
    ];
  });
}

export function phoneProblems(row: CheckRow): DataProblem[] {
  const phone = row.phone;
  if (phone === null || E164.test(phone)) return [];
  if (phone.trim() === '')
    return [{ field: 'phone', value: phone, message: 'An empty phone number', suggestion: null }];
  const normal = normalisePhone(phone, row.phoneCountry);
  const country = row.phoneCountry ?? 'no country';
  return normal
    ? [
        {
          field: 'phone',
          value: phone,
          message: `Not in international form (read for ${country})`,
          suggestion: normal,
        },
      ]
    : [{ field: 'phone', value: phone, message: `${VALIDATION.phone} (read for ${country})` }];
}

export function mandatoryProblems(row: CheckRow): DataProblem[] {
  const out: DataProblem[] = [];
  if (!row.hasClc) out.push({ field: null, value: null, message: 'No CLC' });
  if (row.roles.includes('STUDENT')) {
    if (!row.birthDate)
      out.push({
        field: 'birthDate',
        value: null,
        message: `Date of birth: ${VALIDATION.required}`,
      });
    if (
      row.identificationType &&
      row.identificationType !== 'none' &&
      !row.identificationNumber?.trim()
    )
      out.push({
        field: 'identificationNumber',
        value: row.identificationNumber,
        message: `Identification number: ${VALIDATION.required}`,
      });
  }
  if (row.roles.includes('FACILITATOR') && !row.employeeType)
    out.push({
      field: 'employeeType',
      value: null,
      message: `Employee type: ${VALIDATION.required}`,
    });
  return out;
}

export function emailProblems(row: CheckRow): DataProblem[] {
  if (row.email === null || isValidEmail(row.email)) return [];
  return [{ field: 'email', value: row.email, message: VALIDATION.email }];
}

export function duplicateEmailProblems(row: CheckRow): DataProblem[] {
  if (row.email === null) return [];
  const others = row.duplicateOf.filter((id) => id !== row.id);
  return [
    {
      field: 'email',
      value: row.email,
      message: `Also used by ${others.length === 1 ? 'JWL-ID' : 'JWL-IDs'} ${others.join(', ')}`,
    },
  ];
}

export function nameProblems(row: CheckRow): DataProblem[] {
  return (['firstName', 'lastName'] as const).flatMap((field): DataProblem[] =>
    isMissingName(row[field]) ? [{ field, value: row[field], message: VALIDATION.required }] : [],
  );
}

export function cleansingProblems(row: CheckRow): DataProblem[] {
  const out: DataProblem[] = (['firstName', 'lastName'] as const).flatMap(
    (field): DataProblem[] => {
      const kind = nameCase(row[field]);
      if (!kind) return [];
      return [
        {
          field,
          value: row[field],
          message: kind === 'capitals' ? 'Name in capitals' : 'Name in lower case',
          suggestion: capitalise(row[field]),
        },
      ];
    },
  );
  const others = row.duplicateOf.filter((id) => id !== row.id);
  if (others.length > 0)
    out.push({
      field: null,
      value: null,
      message: `Possibly the same person as JWL-ID ${others.join(', ')} (same name and date of birth)`,
    });
  return out;
}

/** No mechanical fix: a person reviews each transfer (and may transfer the credit back out). */
export function selfApprovedProblems(row: CheckRow): DataProblem[] {
  return row.selfApproved.map((message) => ({ field: null, value: null, message }));
}

export const fieldValue = (row: CheckRow, field: CheckField): string | null => row[field];
