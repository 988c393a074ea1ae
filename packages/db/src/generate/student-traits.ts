// How the generated students' traits are spread: residency, schooling, devices, ages, levels
import type { DEVICE_TYPES, RESIDENCY_STATUSES, SCHOOLING_LEVELS } from '@lantern/contracts/enums';
import type { IDENTIFICATION_TYPES } from '@lantern/contracts/people';

export type ResidencyStatus = (typeof RESIDENCY_STATUSES)[number];
export type SchoolingLevel = (typeof SCHOOLING_LEVELS)[number];
export type DeviceType = (typeof DEVICE_TYPES)[number];
export type IdentificationType = (typeof IDENTIFICATION_TYPES)[number];

export const REFUGEE_RESIDENCY: (readonly [ResidencyStatus, number])[] = [
  ['refugee', 78],
  ['urban', 6],
  ['other', 4],
  ['returnees', 3],
  ['idp', 3],
  ['rural', 3],
  ['hc', 1],
  ['indigenous', 2],
];
export const HOST_RESIDENCY: (readonly [ResidencyStatus, number])[] = [
  ['hc', 50],
  ['rural', 15],
  ['urban', 15],
  ['indigenous', 8],
  ['idp', 5],
  ['returnees', 3],
  ['other', 4],
];
export const SCHOOLING: (readonly [SchoolingLevel, number])[] = [
  ['none', 10],
  ['grade_school', 22],
  ['middle_school', 30],
  ['high_school', 38],
];
export const DEVICES: (readonly [DeviceType, number])[] = [
  ['tablet', 25],
  ['tablet_keyboard', 15],
  ['laptop', 25],
  ['none', 35],
];
export const IDENTIFICATION: (readonly [IdentificationType, number])[] = [
  ['none', 35],
  ['passport', 20],
  ['localId', 45],
];
/** Ages 15–60, most learners between 18 and 30. */
export const AGE_BANDS: (readonly [readonly [number, number], number])[] = [
  [[15, 17], 10],
  [[18, 24], 40],
  [[25, 30], 25],
  [[31, 40], 15],
  [[41, 50], 7],
  [[51, 60], 3],
];
export const CEFR: (readonly [number | null, number])[] = [
  [null, 25],
  [0, 15],
  [1, 15],
  [2, 14],
  [3, 11],
  [4, 8],
  [5, 6],
  [6, 4],
  [7, 2],
];
export const OTHER_COMMUNICATION = [
  'WhatsApp on the same number',
  'Messages through the CLC office',
  'Facebook Messenger',
  'Signal',
  'Telegram',
  'Through my brother’s phone',
  'Call after 6 pm only',
  'Neighbour’s phone, ask for me by name',
];
export const VOCATIONAL = [
  ['Don Bosco Vocational Centre', 'Tailoring; garment making'],
  ['Technical Training Institute', 'Electrical installation'],
  ['Community Skills Centre', 'Computer literacy; bookkeeping'],
  ['Instituto Técnico Superior', 'Auxiliar de enfermería'],
  ['Vocational Training Centre', 'Carpentry and joinery'],
  ['Agricultural College', 'Agronomy; animal husbandry'],
  ['Institut Professionnel', 'Coiffure; esthétique'],
] as const;
