import { PROGRAMME_TYPES, type ProgrammeType } from '@lantern/contracts/programme';

/** automatic-mail/:programmeType/:programmeId/list and …/detail/:itemId (spec §2); `new` in
 * place of an item id opens an empty form. */
export const NEW_ITEM = 'new';

export const automaticMailListPath = (type: ProgrammeType, programmeId: number) =>
  `/en/automatic-mail/${type}/${programmeId}/list`;
export const automaticMailDetailPath = (
  type: ProgrammeType,
  programmeId: number,
  itemId: number | typeof NEW_ITEM,
) => `/en/automatic-mail/${type}/${programmeId}/detail/${itemId}`;

/** Where "back to the programme" goes: the overview where a type has one, else the list. */
export const programmeHomePath = (type: ProgrammeType, programmeId: number) =>
  type === 'professional'
    ? `/en/programme/professional-certificate/${programmeId}/overview`
    : type === 'bachelor'
      ? `/en/programme/bachelor/${programmeId}`
      : '/en/programme';

/** The address's programme type, or null when it names none. */
export const programmeTypeOf = (value: string | undefined): ProgrammeType | null =>
  PROGRAMME_TYPES.find((t) => t === value) ?? null;
