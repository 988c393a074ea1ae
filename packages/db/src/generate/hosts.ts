// Host countries: where CLCs are, who lives there, and how their mobile numbers look
import type { GroupKey } from './names';

/** One population at a host: a name group and a nationality; `host` marks the host community. */
export type Population = { group: GroupKey; nationality: string; weight: number; host?: true };

export type Host = {
  timeZone: string;
  sites: string[];
  /** Calling code and the national mobile prefixes, each followed by `digits` more digits. */
  phone: { code: string; prefixes: string[]; digits: number };
  people: Population[];
};

export const HOSTS: Record<string, Host> = {
  KE: {
    timeZone: 'Africa/Nairobi',
    sites: ['Kakuma', 'Dadaab', 'Kalobeyei', 'Nairobi Eastleigh'],
    phone: { code: '254', prefixes: ['70', '71', '72', '79'], digits: 7 },
    people: [
      { group: 'southSudanese', nationality: 'SS', weight: 35 },
      { group: 'somali', nationality: 'SO', weight: 20 },
      { group: 'greatLakes', nationality: 'CD', weight: 12 },
      { group: 'greatLakes', nationality: 'BI', weight: 5 },
      { group: 'hornOfAfrica', nationality: 'ET', weight: 8 },
      { group: 'arab', nationality: 'SD', weight: 5 },
      { group: 'eastAfricanHost', nationality: 'KE', weight: 15, host: true },
    ],
  },
  UG: {
    timeZone: 'Africa/Kampala',
    sites: ['Kyangwali', 'Nakivale', 'Bidibidi', 'Kampala'],
    phone: { code: '256', prefixes: ['70', '75', '77', '78'], digits: 7 },
    people: [
      { group: 'southSudanese', nationality: 'SS', weight: 40 },
      { group: 'greatLakes', nationality: 'CD', weight: 30 },
      { group: 'greatLakes', nationality: 'BI', weight: 5 },
      { group: 'greatLakes', nationality: 'RW', weight: 5 },
      { group: 'somali', nationality: 'SO', weight: 5 },
      { group: 'eastAfricanHost', nationality: 'UG', weight: 15, host: true },
    ],
  },
  JO: {
    timeZone: 'Asia/Amman',
    sites: ['Amman', 'Zaatari', 'Azraq', 'Irbid', 'Mafraq'],
    phone: {
      code: '962',
      prefixes: ['775', '777', '778', '785', '786', '790', '795', '797'],
      digits: 6,
    },
    people: [
      { group: 'arab', nationality: 'SY', weight: 55 },
      { group: 'arab', nationality: 'IQ', weight: 10 },
      { group: 'arab', nationality: 'YE', weight: 5 },
      { group: 'arab', nationality: 'SD', weight: 5 },
      { group: 'somali', nationality: 'SO', weight: 2 },
      { group: 'arab', nationality: 'JO', weight: 23, host: true },
    ],
  },
  LB: {
    timeZone: 'Asia/Beirut',
    sites: ['Beirut', 'Tripoli', 'Bekaa', 'Saida'],
    phone: { code: '961', prefixes: ['3', '70', '71'], digits: 6 },
    people: [
      { group: 'arab', nationality: 'SY', weight: 62 },
      { group: 'arab', nationality: 'PS', weight: 12 },
      { group: 'arab', nationality: 'IQ', weight: 4 },
      { group: 'kurdish', nationality: 'SY', weight: 4 },
      { group: 'arab', nationality: 'LB', weight: 18, host: true },
    ],
  },
  IQ: {
    timeZone: 'Asia/Baghdad',
    sites: ['Erbil', 'Duhok', 'Sulaymaniyah', 'Mosul'],
    phone: { code: '964', prefixes: ['750', '751', '770', '771', '780', '790'], digits: 7 },
    people: [
      { group: 'kurdish', nationality: 'IQ', weight: 30, host: true },
      { group: 'arab', nationality: 'IQ', weight: 25, host: true },
      { group: 'kurdish', nationality: 'SY', weight: 25 },
      { group: 'arab', nationality: 'SY', weight: 15 },
      { group: 'afghan', nationality: 'IR', weight: 5 },
    ],
  },
  MW: {
    timeZone: 'Africa/Blantyre',
    sites: ['Dzaleka', 'Lilongwe'],
    phone: { code: '265', prefixes: ['88', '99'], digits: 7 },
    people: [
      { group: 'greatLakes', nationality: 'CD', weight: 45 },
      { group: 'greatLakes', nationality: 'BI', weight: 15 },
      { group: 'greatLakes', nationality: 'RW', weight: 10 },
      { group: 'somali', nationality: 'SO', weight: 5 },
      { group: 'hornOfAfrica', nationality: 'ET', weight: 5 },
      { group: 'malawian', nationality: 'MW', weight: 20, host: true },
    ],
  },
  EC: {
    timeZone: 'America/Guayaquil',
    sites: ['Quito', 'Lago Agrio', 'Tulcán', 'Guayaquil'],
    phone: { code: '593', prefixes: ['98', '99'], digits: 7 },
    people: [
      { group: 'latin', nationality: 'VE', weight: 45 },
      { group: 'latin', nationality: 'CO', weight: 25 },
      { group: 'latin', nationality: 'PE', weight: 3 },
      { group: 'latin', nationality: 'EC', weight: 27, host: true },
    ],
  },
  CO: {
    timeZone: 'America/Bogota',
    sites: ['Cúcuta', 'Bogotá', 'Riohacha', 'Medellín'],
    phone: { code: '57', prefixes: ['300', '310', '311', '315', '320'], digits: 7 },
    people: [
      { group: 'latin', nationality: 'VE', weight: 55 },
      { group: 'latin', nationality: 'CO', weight: 45, host: true },
    ],
  },
  PE: {
    timeZone: 'America/Lima',
    sites: ['Lima', 'Tumbes'],
    phone: { code: '51', prefixes: ['9'], digits: 8 },
    people: [
      { group: 'latin', nationality: 'VE', weight: 60 },
      { group: 'latin', nationality: 'CO', weight: 10 },
      { group: 'latin', nationality: 'PE', weight: 30, host: true },
    ],
  },
  BD: {
    timeZone: 'Asia/Dhaka',
    sites: ["Cox's Bazar", 'Kutupalong', 'Teknaf', 'Bhasan Char'],
    phone: { code: '880', prefixes: ['13', '15', '17', '18', '19'], digits: 8 },
    people: [
      { group: 'rohingya', nationality: 'MM', weight: 90 },
      { group: 'rohingya', nationality: 'BD', weight: 10, host: true },
    ],
  },
  MY: {
    timeZone: 'Asia/Kuala_Lumpur',
    sites: ['Kuala Lumpur', 'Penang'],
    phone: { code: '60', prefixes: ['12', '16', '19'], digits: 7 },
    people: [
      { group: 'rohingya', nationality: 'MM', weight: 40 },
      { group: 'burmese', nationality: 'MM', weight: 20 },
      { group: 'afghan', nationality: 'AF', weight: 10 },
      { group: 'somali', nationality: 'SO', weight: 10 },
      { group: 'arab', nationality: 'YE', weight: 10 },
      { group: 'arab', nationality: 'SY', weight: 10 },
    ],
  },
  TH: {
    timeZone: 'Asia/Bangkok',
    sites: ['Mae Sot', 'Mae La', 'Umpiem'],
    phone: { code: '66', prefixes: ['8', '9'], digits: 8 },
    people: [{ group: 'burmese', nationality: 'MM', weight: 100 }],
  },
  GR: {
    timeZone: 'Europe/Athens',
    sites: ['Athens', 'Thessaloniki', 'Lesvos'],
    phone: { code: '30', prefixes: ['69'], digits: 8 },
    people: [
      { group: 'afghan', nationality: 'AF', weight: 35 },
      { group: 'arab', nationality: 'SY', weight: 25 },
      { group: 'arab', nationality: 'IQ', weight: 10 },
      { group: 'greatLakes', nationality: 'CD', weight: 15 },
      { group: 'somali', nationality: 'SO', weight: 5 },
      { group: 'hornOfAfrica', nationality: 'ER', weight: 10 },
    ],
  },
  TR: {
    timeZone: 'Europe/Istanbul',
    sites: ['Gaziantep', 'İstanbul', 'Şanlıurfa', 'Hatay'],
    phone: { code: '90', prefixes: ['50', '53', '54', '55'], digits: 8 },
    people: [
      { group: 'arab', nationality: 'SY', weight: 70 },
      { group: 'afghan', nationality: 'AF', weight: 15 },
      { group: 'arab', nationality: 'IQ', weight: 10 },
      { group: 'kurdish', nationality: 'SY', weight: 5 },
    ],
  },
  RW: {
    timeZone: 'Africa/Kigali',
    sites: ['Kiziba', 'Mahama', 'Kigali'],
    phone: { code: '250', prefixes: ['72', '73', '78'], digits: 7 },
    people: [
      { group: 'greatLakes', nationality: 'CD', weight: 60 },
      { group: 'greatLakes', nationality: 'BI', weight: 25 },
      { group: 'greatLakes', nationality: 'RW', weight: 15, host: true },
    ],
  },
  ET: {
    timeZone: 'Africa/Addis_Ababa',
    sites: ['Gambella', 'Shire', 'Jijiga', 'Addis Ababa'],
    phone: { code: '251', prefixes: ['91', '92', '93', '94'], digits: 7 },
    people: [
      { group: 'southSudanese', nationality: 'SS', weight: 40 },
      { group: 'hornOfAfrica', nationality: 'ER', weight: 25 },
      { group: 'somali', nationality: 'SO', weight: 25 },
      { group: 'hornOfAfrica', nationality: 'ET', weight: 10, host: true },
    ],
  },
  PK: {
    timeZone: 'Asia/Karachi',
    sites: ['Peshawar', 'Quetta', 'Islamabad'],
    phone: { code: '92', prefixes: ['300', '301', '321', '333', '345'], digits: 7 },
    people: [
      { group: 'afghan', nationality: 'AF', weight: 90 },
      { group: 'afghan', nationality: 'PK', weight: 10, host: true },
    ],
  },
  NP: {
    timeZone: 'Asia/Kathmandu',
    sites: ['Damak', 'Kathmandu'],
    phone: { code: '977', prefixes: ['980', '981', '982', '984', '985', '986'], digits: 7 },
    people: [
      { group: 'nepali', nationality: 'BT', weight: 60 },
      { group: 'nepali', nationality: 'NP', weight: 40, host: true },
    ],
  },
  DJ: {
    timeZone: 'Africa/Djibouti',
    sites: ['Ali Addeh', 'Holl Holl'],
    phone: { code: '253', prefixes: ['77'], digits: 6 },
    people: [
      { group: 'somali', nationality: 'SO', weight: 60 },
      { group: 'hornOfAfrica', nationality: 'ET', weight: 20 },
      { group: 'arab', nationality: 'YE', weight: 20 },
    ],
  },
  TZ: {
    timeZone: 'Africa/Dar_es_Salaam',
    sites: ['Nyarugusu', 'Nduta'],
    phone: { code: '255', prefixes: ['71', '74', '75', '76', '78'], digits: 7 },
    people: [
      { group: 'greatLakes', nationality: 'BI', weight: 50 },
      { group: 'greatLakes', nationality: 'CD', weight: 40 },
      { group: 'eastAfricanHost', nationality: 'TZ', weight: 10, host: true },
    ],
  },
  AF: {
    timeZone: 'Asia/Kabul',
    sites: ['Herat', 'Kabul', 'Mazar-i-Sharif'],
    phone: { code: '93', prefixes: ['70', '72', '78', '79'], digits: 7 },
    people: [{ group: 'afghan', nationality: 'AF', weight: 100, host: true }],
  },
};

/** A host for a country the generator has no data for: a mixed urban population, no phones. */
const ELSEWHERE: Omit<Host, 'phone'> = {
  timeZone: 'UTC',
  sites: [],
  people: [
    { group: 'arab', nationality: 'SY', weight: 30 },
    { group: 'afghan', nationality: 'AF', weight: 25 },
    { group: 'greatLakes', nationality: 'CD', weight: 20 },
    { group: 'somali', nationality: 'SO', weight: 10 },
    { group: 'hornOfAfrica', nationality: 'ER', weight: 10 },
    { group: 'latin', nationality: 'VE', weight: 5 },
  ],
};

/** The countries the generator places CLCs in. */
export const HOST_COUNTRIES = Object.keys(HOSTS);

export const hostOf = (country: string): Host | (Omit<Host, 'phone'> & { phone: null }) =>
  HOSTS[country] ?? { ...ELSEWHERE, phone: null };
