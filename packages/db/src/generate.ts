// Deterministic generator of realistic people for demos, tests and benchmarks: CLCs in the host
// countries of a refugee-education network, and the students, facilitators and coordinators who
// belong to them. Same seed, same rows: every random choice comes from a seeded PRNG.
import { inArray, sql } from 'drizzle-orm';
import type { DEVICE_TYPES, RESIDENCY_STATUSES, SCHOOLING_LEVELS } from '@lantern/contracts/enums';
import {
  EMPLOYEE_TYPES,
  type EmployeeType,
  type Gender,
  type UserStatus,
} from '@lantern/contracts/enums';
import type { IDENTIFICATION_TYPES } from '@lantern/contracts/people';
import type { Db } from './client';
import { clcs, users } from './schema/people';

export type ResidencyStatus = (typeof RESIDENCY_STATUSES)[number];
export type SchoolingLevel = (typeof SCHOOLING_LEVELS)[number];
export type DeviceType = (typeof DEVICE_TYPES)[number];
export type IdentificationType = (typeof IDENTIFICATION_TYPES)[number];

// ---------------------------------------------------------------------------------------------
// Seeded PRNG (mulberry32 over a splitmix32-scrambled seed)

export type Rng = {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [min, max], both included. */
  int: (min: number, max: number) => number;
  chance: (p: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  weighted: <T>(items: readonly (readonly [T, number])[]) => T;
};

export function createRng(seed: number): Rng {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  let state = (h ^ (h >>> 16)) >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick,
    weighted: <T>(items: readonly (readonly [T, number])[]): T => {
      const total = items.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [value, weight] of items) {
        r -= weight;
        if (r < 0) return value;
      }
      return pick(items)[0];
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Names, languages and places, written in Latin script as the people themselves write them

type NameGroup = { male: string[]; female: string[]; last: string[]; languages: string[] };

// One row per list keeps the name lists readable (prettier would give each name a line).
// prettier-ignore
const GROUPS = {
  southSudanese: {
    male: ['Deng', 'Garang', 'Majok', 'Malual', 'Akech', 'Bol', 'Chol', 'Kuol', 'Mayen', 'Lual', 'Manyang', 'Ater', 'Makuei', 'Gatluak', 'Ruot', 'Tut', 'Gai', 'Jok', 'Ladu', 'Wani', 'Taban', 'Lokuji', 'Mabior', 'Thon'],
    female: ['Achol', 'Nyandeng', 'Abuk', 'Ayen', 'Adut', 'Nyibol', 'Akuol', 'Aluel', 'Nyakuoth', 'Nyaruach', 'Ajak', 'Athieng', 'Awut', 'Yar', 'Nyamal', 'Keji', 'Poni', 'Rebecca', 'Mary', 'Grace'],
    last: ['Deng', 'Garang', 'Majok', 'Malual', 'Akech', 'Bol', 'Chol', 'Kuol', 'Mayen', 'Lual', 'Manyang', 'Ater', 'Makuei', 'Gatluak', 'Ruot', 'Tut', 'Kiir', 'Gai', 'Jok', 'Lado', 'Wani', 'Mabior', 'Thon', 'Yak', 'Aguer', 'Nyuon'],
    languages: ['Dinka', 'Nuer', 'Bari', 'Juba Arabic', 'Shilluk'],
  },
  somali: {
    male: ['Abdirahman', 'Abdullahi', 'Mohamed', 'Hassan', 'Ahmed', 'Omar', 'Yusuf', 'Abdiweli', 'Farah', 'Ismail', 'Mahad', 'Liban', 'Guled', 'Bashir', 'Said', 'Hamza', 'Abdikarim', 'Mukhtar'],
    female: ['Hodan', 'Ayaan', 'Fadumo', 'Hawa', 'Sahra', 'Ifrah', 'Nasra', 'Ubah', 'Amina', 'Deeqa', 'Sagal', 'Hibaaq', 'Muna', 'Khadra', 'Ilhan', 'Ladan', 'Naima', 'Shukri'],
    last: ['Abdi', 'Hassan', 'Warsame', 'Mohamud', 'Farah', 'Jama', 'Osman', 'Aden', 'Ali', 'Hussein', 'Nur', 'Dahir', 'Egal', 'Elmi', 'Guled', 'Yusuf', 'Ibrahim', 'Omar', 'Abdullahi', 'Sheikh'],
    languages: ['Somali', 'Maay Maay'],
  },
  hornOfAfrica: {
    male: ['Tesfaye', 'Dawit', 'Yonas', 'Mulugeta', 'Bereket', 'Kidane', 'Haile', 'Abebe', 'Tekle', 'Mesfin', 'Girma', 'Solomon', 'Yohannes', 'Filmon', 'Semere', 'Tewodros', 'Henok', 'Biniam'],
    female: ['Selam', 'Hiwot', 'Meron', 'Tigist', 'Senait', 'Saba', 'Rahel', 'Mekdes', 'Eden', 'Lidya', 'Bethlehem', 'Helen', 'Almaz', 'Ruth', 'Feven', 'Yordanos', 'Luwam', 'Winta'],
    last: ['Tesfaye', 'Gebremedhin', 'Haile', 'Bekele', 'Alemu', 'Tekle', 'Kidane', 'Woldemariam', 'Negash', 'Berhane', 'Girma', 'Abraha', 'Ghebreyesus', 'Mengistu', 'Tadesse', 'Asfaw', 'Hailu', 'Gebru'],
    languages: ['Tigrinya', 'Amharic', 'Oromo', 'Tigre'],
  },
  greatLakes: {
    male: ['Jean-Baptiste', 'Emmanuel', 'Innocent', 'Patrick', 'Éric', 'Olivier', 'Aimé', 'Jean-Claude', 'Fiston', 'Espoir', 'Dieudonné', 'Benoît', 'Gédéon', 'Pacifique', 'Justin', 'Théogène', 'Célestin', 'Prosper', 'Félix', 'Jérôme'],
    female: ['Noëlla', 'Chantal', 'Espérance', 'Béatrice', 'Clémentine', 'Aline', 'Divine', 'Josiane', 'Solange', 'Nadège', 'Françoise', 'Consolata', 'Immaculée', 'Gloria', 'Sifa', 'Furaha', 'Neema', 'Grâce', 'Anaïs'],
    last: ['Mukendi', 'Ilunga', 'Tshibanda', 'Mbuyi', 'Kasongo', 'Nkurunziza', 'Niyonzima', 'Habimana', 'Uwimana', 'Bizimana', 'Hakizimana', 'Ndayishimiye', 'Mutombo', 'Kalala', 'Lukusa', 'Mulumba', 'Nshimirimana', 'Mugisha', 'Bahati', 'Amani', 'Mukeshimana'],
    languages: ['Swahili', 'Kinyarwanda', 'Kirundi', 'Lingala', 'French', 'Kibembe'],
  },
  eastAfricanHost: {
    male: ['Ekai', 'Lokol', 'Ewoi', 'Kiprotich', 'Otieno', 'Ochieng', 'Kamau', 'Mwangi', 'Wafula', 'Baraka', 'Brian', 'Kevin', 'Ssali', 'Okello', 'Lotede', 'Juma', 'Hamisi'],
    female: ['Akai', 'Nakiru', 'Atieno', 'Akinyi', 'Wanjiru', 'Njeri', 'Chebet', 'Nafula', 'Mercy', 'Faith', 'Esther', 'Nabirye', 'Nakato', 'Auma', 'Achieng', 'Rehema', 'Zawadi'],
    last: ['Ekal', 'Lokwang', 'Ekiru', 'Nakaale', 'Otieno', 'Odhiambo', 'Kamau', 'Mwangi', 'Wafula', 'Kiprop', 'Mutua', 'Okello', 'Ssempala', 'Nsubuga', 'Lomuria', 'Mushi', 'Mrema'],
    languages: ['Swahili', 'Turkana', 'Luganda', 'Luo', 'Kikuyu', 'English'],
  },
  malawian: {
    male: ['Chikondi', 'Mphatso', 'Blessings', 'Madalitso', 'Kondwani', 'Tiyamike', 'Yamikani', 'Chisomo', 'Limbani', 'Dalitso', 'Gift'],
    female: ['Chimwemwe', 'Tadala', 'Thoko', 'Chifundo', 'Mwayi', 'Takondwa', 'Alinafe', 'Kettie', 'Tiwonge', 'Ulemu', 'Memory'],
    last: ['Banda', 'Phiri', 'Mwale', 'Chirwa', 'Kumwenda', 'Nyirenda', 'Chisale', 'Mbewe', 'Tembo', 'Gondwe', 'Msiska', 'Kachingwe'],
    languages: ['Chichewa', 'Tumbuka', 'Yao'],
  },
  arab: {
    male: ['Mohammad', 'Ahmad', 'Mahmoud', 'Omar', 'Khaled', 'Yousef', 'Abdul-Rahman', 'Hussein', 'Ali', 'Bilal', 'Tariq', 'Ziad', 'Samer', 'Fadi', 'Rami', 'Karim', 'Nabil', 'Hamza', 'Mustafa', 'Ibrahim', 'Amjad', 'Walid', 'Anas', 'Majd', 'Moaz'],
    female: ['Fatima', 'Nour', 'Rasha', 'Lina', 'Ghada', 'Hiba', 'Reem', 'Yasmin', 'Aya', 'Rana', 'Dima', 'Sara', 'Maryam', 'Huda', 'Layla', 'Salma', 'Amal', 'Rawan', 'Bayan', 'Zeinab', 'Hanan', 'Eman', 'Shaimaa', 'Asmaa'],
    last: ['Al-Hassan', 'Al-Khatib', 'Haddad', 'Khalil', 'Nasser', 'Saleh', 'Hamdan', 'Darwish', 'Al-Masri', 'Qasem', 'Othman', 'Al-Ali', 'Jaber', 'Mansour', 'Abu Zaid', 'Barakat', 'Al-Zoubi', 'Shami', 'Hamoud', 'Suleiman', 'Al-Rifai', 'Kanaan', 'Abdallah', 'Al-Tamimi', 'El-Sayed', 'Al-Ḥalabi'],
    languages: ['Arabic'],
  },
  kurdish: {
    male: ['Rebin', 'Karwan', 'Shvan', 'Dilshad', 'Azad', 'Hawre', 'Sirwan', 'Baran', 'Aram', 'Renas', 'Zana', 'Hozan'],
    female: ['Shilan', 'Berivan', 'Zhiyan', 'Avin', 'Nazdar', 'Roj', 'Hêlîn', 'Dilan', 'Runak', 'Shirin', 'Evîn', 'Nîşan'],
    last: ['Barzani', 'Mahmoud', 'Hasan', 'Kurdi', 'Ahmad', 'Rashid', 'Aziz', 'Mustafa', 'Ismail', 'Omer', 'Jaf', 'Sindi', 'Zêbarî'],
    languages: ['Kurdish (Kurmanji)', 'Kurdish (Sorani)'],
  },
  afghan: {
    male: ['Ahmadullah', 'Mohammad Nabi', 'Farhad', 'Sayed', 'Jawad', 'Mustafa', 'Hamid', 'Naveed', 'Ahmad Shah', 'Zabihullah', 'Ramin', 'Murtaza', 'Ehsan', 'Sohrab', 'Habibullah', 'Basir', 'Najibullah', 'Wahid'],
    female: ['Zahra', 'Marzia', 'Fereshta', 'Shabnam', 'Mursal', 'Hadia', 'Parwana', 'Masooma', 'Roya', 'Nargis', 'Laila', 'Sakina', 'Farzana', 'Mahtab', 'Tahmina', 'Khadija', 'Sima', 'Zarghuna'],
    last: ['Rahimi', 'Mohammadi', 'Ahmadi', 'Hosseini', 'Karimi', 'Sultani', 'Noori', 'Jafari', 'Wardak', 'Popal', 'Stanikzai', 'Sadat', 'Haidari', 'Rezaei', 'Hashimi', 'Nazari', 'Amiri', 'Qaderi'],
    languages: ['Dari', 'Pashto', 'Hazaragi', 'Uzbek'],
  },
  rohingya: {
    male: ['Mohammed Ayub', 'Noor Kabir', 'Rafiq', 'Anwar', 'Abdul Karim', 'Salim Ullah', 'Nurul Islam', 'Jamal Hussain', 'Kamal', 'Sayed Alam', 'Yasin', 'Mohammed Rafique', 'Shafi Alam', 'Dil Mohammed'],
    female: ['Rahima', 'Noor Begum', 'Hasina', 'Jamalida', 'Rashida', 'Sufia', 'Ayesha', 'Minara', 'Tasmin', 'Hamida', 'Rozina', 'Yasmin Ara', 'Rabeya', 'Khaleda'],
    last: ['Begum', 'Khatun', 'Ullah', 'Hussain', 'Alam', 'Islam', 'Rahman', 'Hossain', 'Bibi', 'Kabir', 'Amin', 'Haque'],
    languages: ['Rohingya', 'Bengali', 'Burmese'],
  },
  burmese: {
    male: ['Aung', 'Kyaw', 'Zaw', 'Htet', 'Min', 'Thant', 'Saw Eh', 'Naing', 'Ko Ko', 'Tun', 'Soe', 'Pyae', 'Salai', 'Van Lal'],
    female: ['Thida', 'Hnin', 'Ei', 'Su', 'Nandar', 'Phyu', 'Khin', 'Mya', 'Naw Paw', 'Thiri', 'Yadanar', 'Wai', 'Par', 'Cing'],
    last: ['Aung', 'Win', 'Oo', 'Htun', 'Myint', 'Thein', 'Lwin', 'Kyaw', 'Naing', 'Zaw', 'Soe', 'Htoo', 'Paw', 'Moe', 'Thang', 'Sui'],
    languages: ['Burmese', 'Sgaw Karen', 'Chin (Hakha)', 'Karenni'],
  },
  nepali: {
    male: ['Bishal', 'Suman', 'Ramesh', 'Prakash', 'Dil Bahadur', 'Santosh', 'Bikash', 'Anil', 'Dipak', 'Kamal', 'Purna'],
    female: ['Sita', 'Gita', 'Sunita', 'Anjali', 'Puja', 'Sarita', 'Kamala', 'Bina', 'Rita', 'Mina', 'Devi'],
    last: ['Gurung', 'Rai', 'Subba', 'Bhattarai', 'Adhikari', 'Tamang', 'Chhetri', 'Dahal', 'Limbu', 'Pokhrel', 'Ghimire', 'Magar'],
    languages: ['Nepali', 'Dzongkha', 'Limbu'],
  },
  latin: {
    male: ['José', 'Luis', 'Carlos', 'Juan Pablo', 'Andrés', 'Jesús', 'Miguel Ángel', 'Óscar', 'Javier', 'Daniel', 'Alejandro', 'Víctor', 'Héctor', 'Ramón', 'Sebastián', 'Julián', 'Wilmer', 'Yeison', 'Brayan', 'Jhon'],
    female: ['María José', 'Ana', 'Lucía', 'Valentina', 'Daniela', 'Gabriela', 'Yésica', 'Sofía', 'Camila', 'Andrea', 'Mariana', 'Rocío', 'Marisol', 'Ángela', 'Yuliana', 'Leidy', 'Dayana', 'Belén', 'Inés', 'Zulay'],
    last: ['Rodríguez', 'González', 'Pérez', 'Hernández', 'Núñez', 'Peña', 'Muñoz', 'Ramírez', 'Castillo', 'Suárez', 'Márquez', 'Gutiérrez', 'Díaz', 'Montaño', 'Quiñónez', 'Chávez', 'Mendoza', 'Rojas', 'Vargas', 'Ibáñez', 'Zambrano', 'Guzmán', 'Andrade', 'Quispe', 'Yupanqui', 'Cayambe'],
    languages: ['Spanish', 'Kichwa', 'Wayuunaiki', 'Quechua'],
  },
  international: {
    male: ['Thomas', 'David', 'Martin', 'Samuel', 'Pierre', 'Jonas', 'Lukas', 'Ravi', 'Kenji', 'Matteo'],
    female: ['Anna', 'Sarah', 'Claire', 'Ingrid', 'Priya', 'Elena', 'Hannah', 'Chloé', 'Marta', 'Yuki'],
    last: ['Müller', 'Smith', 'Dubois', 'Larsen', 'Rossi', 'García', 'Novak', 'Sharma', 'Tanaka', "O'Brien", 'Van der Berg'],
    languages: ['English', 'French', 'German', 'Spanish'],
  },
} satisfies Record<string, NameGroup>;

type GroupKey = keyof typeof GROUPS;

/** Towns people give as their place of birth, by country. */
// One row per country.
// prettier-ignore
const PLACES: Record<string, string[]> = {
  SS: ['Juba', 'Bor', 'Malakal', 'Wau', 'Yei', 'Aweil', 'Bentiu', 'Rumbek'],
  SO: ['Mogadishu', 'Kismayo', 'Baidoa', 'Beledweyne', 'Hargeisa'],
  ET: ['Addis Ababa', 'Gondar', 'Dire Dawa', 'Jimma', 'Gambela'],
  ER: ['Asmara', 'Keren', 'Massawa', 'Mendefera'],
  CD: ['Bukavu', 'Goma', 'Uvira', 'Kinshasa', 'Lubumbashi', 'Kalemie', 'Baraka'],
  BI: ['Bujumbura', 'Gitega', 'Ngozi', 'Muyinga'],
  RW: ['Kigali', 'Huye', 'Rubavu'],
  KE: ['Lodwar', 'Kakuma', 'Nairobi', 'Kisumu', 'Dadaab'],
  UG: ['Arua', 'Kampala', 'Gulu', 'Koboko'],
  TZ: ['Kigoma', 'Kasulu', 'Dar es Salaam'],
  MW: ['Lilongwe', 'Blantyre', 'Dowa', 'Mzuzu'],
  SY: ['Aleppo', 'Homs', 'Damascus', 'Daraa', 'Idlib', 'Raqqa', 'Deir ez-Zor', 'Qamishli', 'Hama'],
  IQ: ['Mosul', 'Baghdad', 'Sinjar', 'Basra', 'Erbil', 'Kirkuk', 'Fallujah', 'Duhok'],
  JO: ['Amman', 'Irbid', 'Zarqa', 'Mafraq'],
  LB: ['Beirut', 'Tripoli', 'Saida', 'Zahlé'],
  PS: ['Gaza', 'Nablus', 'Hebron', 'Jenin'],
  YE: ['Sanaa', 'Aden', 'Taiz', 'Hodeidah'],
  SD: ['Khartoum', 'El Geneina', 'Nyala', 'El Fasher', 'Kassala'],
  AF: ['Kabul', 'Herat', 'Mazar-i-Sharif', 'Kandahar', 'Ghazni', 'Bamyan', 'Jalalabad'],
  MM: ['Maungdaw', 'Buthidaung', 'Sittwe', 'Hpa-an', 'Myawaddy', 'Yangon', 'Hakha', 'Loikaw'],
  BD: ["Cox's Bazar", 'Teknaf', 'Chattogram', 'Ukhia'],
  MY: ['Kuala Lumpur', 'Penang', 'Johor Bahru'],
  TH: ['Mae Sot', 'Tak', 'Mae Hong Son'],
  BT: ['Samtse', 'Sarpang', 'Tsirang'],
  NP: ['Damak', 'Jhapa', 'Kathmandu', 'Biratnagar'],
  VE: ['Caracas', 'Maracaibo', 'Valencia', 'Barquisimeto', 'San Cristóbal', 'Mérida', 'Maturín'],
  CO: ['Cúcuta', 'Bogotá', 'Cali', 'Medellín', 'Tumaco', 'Quibdó'],
  EC: ['Quito', 'Guayaquil', 'Otavalo', 'Riobamba', 'Lago Agrio'],
  PE: ['Lima', 'Tumbes', 'Cusco', 'Puno'],
  PK: ['Peshawar', 'Quetta', 'Karachi'],
  TR: ['Gaziantep', 'İstanbul', 'Şanlıurfa', 'Hatay'],
  DJ: ['Djibouti', 'Ali Sabieh', 'Obock'],
  GR: ['Athens', 'Thessaloniki', 'Mytilene'],
};

// ---------------------------------------------------------------------------------------------
// Host countries: where CLCs are, who lives there, and how their mobile numbers look

/** One population at a host: a name group and a nationality; `host` marks the host community. */
type Population = { group: GroupKey; nationality: string; weight: number; host?: true };

type Host = {
  timeZone: string;
  sites: string[];
  /** Calling code and the national mobile prefixes, each followed by `digits` more digits. */
  phone: { code: string; prefixes: string[]; digits: number };
  people: Population[];
};

const HOSTS: Record<string, Host> = {
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

const hostOf = (country: string): Host | (Omit<Host, 'phone'> & { phone: null }) =>
  HOSTS[country] ?? { ...ELSEWHERE, phone: null };

// ---------------------------------------------------------------------------------------------
// Small helpers

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

const digits = (rng: Rng, count: number): string => {
  let out = '';
  for (let i = 0; i < count; i += 1) out += String(rng.int(0, 9));
  return out;
};

/** Lower-case ASCII letters and digits of a name: 'Noëlla' → 'noella', 'Al-Hassan' → 'alhassan'. */
export function slug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ı/g, 'i')
    .replace(/[^a-z0-9]/g, '');
}

/** A mobile number of the host country in E.164 form (+, calling code, national number). */
export function mobileNumber(rng: Rng, country: string): string | null {
  const host = HOSTS[country];
  if (!host) return null;
  const { code, prefixes, digits: count } = host.phone;
  return `+${code}${rng.pick(prefixes)}${digits(rng, count)}`;
}

const isoDate = (d: Date): string => d.toISOString().slice(0, 10);
const DAY = 86_400_000;

/** A birth date on which the person is `age` years old on `today` (UTC). */
function birthDateForAge(rng: Rng, age: number, today: Date): string {
  const y = today.getUTCFullYear();
  const latest = Date.UTC(y - age, today.getUTCMonth(), today.getUTCDate());
  const earliest = Date.UTC(y - age - 1, today.getUTCMonth(), today.getUTCDate()) + DAY;
  return isoDate(new Date(earliest + rng.int(0, Math.round((latest - earliest) / DAY)) * DAY));
}

/** Reserved example domains (RFC 2606 / 6761): realistic shapes, and no mail reaches anyone. */
const MAIL_DOMAINS = ['example.com', 'example.org', 'example.net', 'mail.example', 'post.example'];

// ---------------------------------------------------------------------------------------------
// CLCs

export type GeneratedClc = {
  name: string;
  code: string;
  financeCode: string;
  country: string;
  timeZone: string;
  address: string;
  maxStudents: number;
  minorPermission: boolean;
  minAgeForMinors: number | null;
  isGel: boolean;
  signeeName: string | null;
  signeeTitle: string | null;
  contactName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  isActive: boolean;
};

/**
 * `count` CLCs spread over the host countries (each country in turn, then its next site).
 * Codes are three letters and two digits (never a demo CLC's three-letter code), finance codes
 * four distinct digits.
 */
export function generateClcs(count: number, seed: number): GeneratedClc[] {
  const rng = createRng(seed);
  const countries = [...HOST_COUNTRIES];
  // A seeded shuffle of the countries, so that small counts still differ by seed.
  for (let i = countries.length - 1; i > 0; i -= 1) {
    const j = rng.int(0, i);
    [countries[i], countries[j]] = [countries[j] ?? '', countries[i] ?? ''];
  }
  const financeStart = rng.int(0, 8999);
  const out: GeneratedClc[] = [];
  for (let i = 0; i < count; i += 1) {
    const country = countries[i % countries.length] ?? 'KE';
    const host = HOSTS[country];
    if (!host) continue;
    const round = Math.floor(i / countries.length);
    const site = host.sites[round % host.sites.length] ?? country;
    const again =
      round >= host.sites.length ? ` ${String(Math.floor(round / host.sites.length) + 1)}` : '';
    const local = host.people.find((p) => p.host) ?? host.people[0];
    const group = GROUPS[local?.group ?? 'international'];
    const contact = rng.chance(0.8)
      ? `${rng.pick(rng.chance(0.5) ? group.female : group.male)} ${rng.pick(group.last)}`
      : null;
    const minorPermission = rng.chance(0.3);
    const code = `${slug(site).slice(0, 3).toUpperCase().padEnd(3, 'X')}${pad((i + 1) % 100, 2)}`;
    out.push({
      name: `${site}${again} CLC`,
      code,
      financeCode: String(1000 + ((financeStart + i * 7919) % 9000)),
      country,
      timeZone: host.timeZone,
      address: `${rng.pick(['Block', 'Zone', 'Sector', 'Street'])} ${String(rng.int(1, 40))}, ${site}`,
      maxStudents: rng.int(10, 50) * 100,
      minorPermission,
      minAgeForMinors: minorPermission ? rng.int(15, 17) : null,
      isGel: rng.chance(0.4),
      signeeName: contact && rng.chance(0.7) ? contact : null,
      signeeTitle: contact
        ? rng.pick(['Centre Director', 'Site Lead', 'Programme Coordinator'])
        : null,
      contactName: contact,
      contactEmail: contact ? `${slug(site)}${pad(i + 1, 2)}@clc.example.org` : null,
      contactPhone: contact ? mobileNumber(rng, country) : null,
      isActive: i % 12 !== 11,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Students

/**
 * The data-quality problems planted on purpose, for the data checks to find (issue 5):
 * - `spaces`: leading, trailing and double spaces in the names
 * - `capitals`: first and last name in ALL CAPITALS
 * - `invalidEmail`: an e-mail address without an @
 * - `badPhone`: a phone number that does not parse
 * - `duplicate`: the same person as the record before (same names, gender and birth date),
 *   entered again under another username
 * - `noContact`: neither e-mail nor phone
 */
export const FLAWS = [
  'spaces',
  'capitals',
  'invalidEmail',
  'badPhone',
  'duplicate',
  'noContact',
] as const;
export type Flaw = (typeof FLAWS)[number];

/** Where the flaws go among the generated students (by position). */
const FLAW_AT = new Map<number, Flaw>([
  [5, 'spaces'],
  [12, 'capitals'],
  [19, 'invalidEmail'],
  [26, 'badPhone'],
  [33, 'duplicate'],
  [40, 'noContact'],
  [47, 'capitals'],
  [54, 'duplicate'],
]);

export type ClcRef = { id: number; code: string; country: string };

export type GeneratedStudent = {
  clcId: number;
  username: string;
  email: string | null;
  firstName: string;
  lastName: string;
  gender: Gender;
  phone: string | null;
  status: UserStatus;
  createdAt: string;
  lastSignInAt: string | null;
  birthDate: string;
  birthCountry: string | null;
  birthPlace: string | null;
  nationality: string | null;
  nativeLanguage: string | null;
  countryOfOrigin: string | null;
  countryOfResidence: string | null;
  countryOfSchool: string | null;
  residencyStatus: ResidencyStatus | null;
  schoolingLevel: SchoolingLevel | null;
  vocationalSchool: boolean;
  vocationalName: string | null;
  vocationalCountry: string | null;
  vocationalSubjects: string | null;
  vocationalYears: number | null;
  vocationalCompleted: boolean | null;
  vocationalCompletionYear: number | null;
  unhcrNumber: string | null;
  identificationType: IdentificationType;
  identificationNumber: string | null;
  otherCommunication: string | null;
  deviceType: DeviceType | null;
  cefrLevel: number | null;
  /** A planted data-quality problem (not stored); null for a clean record. */
  flaw: Flaw | null;
};

const REFUGEE_RESIDENCY: (readonly [ResidencyStatus, number])[] = [
  ['refugee', 78],
  ['urban', 6],
  ['other', 4],
  ['returnees', 3],
  ['idp', 3],
  ['rural', 3],
  ['hc', 1],
  ['indigenous', 2],
];
const HOST_RESIDENCY: (readonly [ResidencyStatus, number])[] = [
  ['hc', 50],
  ['rural', 15],
  ['urban', 15],
  ['indigenous', 8],
  ['idp', 5],
  ['returnees', 3],
  ['other', 4],
];
const SCHOOLING: (readonly [SchoolingLevel, number])[] = [
  ['none', 10],
  ['grade_school', 22],
  ['middle_school', 30],
  ['high_school', 38],
];
const DEVICES: (readonly [DeviceType, number])[] = [
  ['tablet', 25],
  ['tablet_keyboard', 15],
  ['laptop', 25],
  ['none', 35],
];
const IDENTIFICATION: (readonly [IdentificationType, number])[] = [
  ['none', 35],
  ['passport', 20],
  ['localId', 45],
];
/** Ages 15–60, most learners between 18 and 30. */
const AGE_BANDS: (readonly [readonly [number, number], number])[] = [
  [[15, 17], 10],
  [[18, 24], 40],
  [[25, 30], 25],
  [[31, 40], 15],
  [[41, 50], 7],
  [[51, 60], 3],
];
const CEFR: (readonly [number | null, number])[] = [
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
const OTHER_COMMUNICATION = [
  'WhatsApp on the same number',
  'Messages through the CLC office',
  'Facebook Messenger',
  'Signal',
  'Telegram',
  'Through my brother’s phone',
  'Call after 6 pm only',
  'Neighbour’s phone, ask for me by name',
];
const VOCATIONAL = [
  ['Don Bosco Vocational Centre', 'Tailoring; garment making'],
  ['Technical Training Institute', 'Electrical installation'],
  ['Community Skills Centre', 'Computer literacy; bookkeeping'],
  ['Instituto Técnico Superior', 'Auxiliar de enfermería'],
  ['Vocational Training Centre', 'Carpentry and joinery'],
  ['Agricultural College', 'Agronomy; animal husbandry'],
  ['Institut Professionnel', 'Coiffure; esthétique'],
] as const;

export type GenerateOptions = {
  clcs: ClcRef[];
  count: number;
  seed: number;
  /** Ages and dates are counted back from this day (default: now). */
  today?: Date;
  /** Plant the data-quality problems of FLAWS (default true). */
  flaws?: boolean;
  /** Usernames already taken (lower case); the generator adds the ones it hands out. */
  taken?: Set<string>;
};

/** The students, one by one (so that 100,000 never sit in memory at once). */
export function* generateStudents(options: GenerateOptions): Generator<GeneratedStudent> {
  const { clcs: targets, count, seed } = options;
  if (targets.length === 0) throw new Error('generateStudents needs at least one CLC.');
  const rng = createRng(seed);
  const today = options.today ?? new Date();
  const now = today.getTime();
  const flaws = options.flaws ?? true;
  const taken = options.taken ?? new Set<string>();
  const nextNumber = new Map<string, number>();
  const uniqueUsername = (first: string, last: string): string => {
    const base = `${slug(first) || 'student'}.${slug(last) || 'student'}`.slice(0, 52);
    let n = nextNumber.get(base) ?? 1;
    let name = n === 1 ? base : `${base}${String(n)}`;
    while (taken.has(name)) {
      n += 1;
      name = `${base}${String(n)}`;
    }
    nextNumber.set(base, n + 1);
    taken.add(name);
    return name;
  };
  // Larger and smaller CLCs; a few addresses that several students of a CLC share.
  const weights = targets.map((clc) => [clc, 0.4 + rng.next() * 1.2] as const);
  const shared = new Map(
    targets.map((clc) => [
      clc.id,
      [
        `${clc.code.toLowerCase()}.learners@example.org`,
        `${clc.code.toLowerCase()}.office@example.org`,
        `family.${rng.pick(['abdi', 'deng', 'rahimi', 'hassan', 'garcia', 'begum'])}${String(rng.int(10, 99))}@example.com`,
      ],
    ]),
  );
  let previous: GeneratedStudent | null = null;

  for (let i = 0; i < count; i += 1) {
    const flaw = flaws ? (FLAW_AT.get(i) ?? null) : null;
    const clc = rng.weighted(weights);
    const host = hostOf(clc.country);
    const population = rng.weighted(host.people.map((p) => [p, p.weight] as const));
    const group: NameGroup = GROUPS[population.group];
    const isHost = population.host === true;
    let gender: Gender = rng.weighted([
      ['f', 49],
      ['m', 50],
      ['o', 1],
    ] as const);
    let firstName = rng.pick(
      gender === 'm'
        ? group.male
        : gender === 'f'
          ? group.female
          : rng.chance(0.5)
            ? group.male
            : group.female,
    );
    let lastName = rng.pick(group.last);
    const ageBand = rng.weighted(AGE_BANDS);
    const age = rng.int(ageBand[0], ageBand[1]);
    let birthDate = birthDateForAge(rng, age, today);
    let targetClc = clc;
    if (flaw === 'duplicate' && previous) {
      ({ firstName, lastName, gender, birthDate } = previous);
      targetClc = targets.find((t) => t.id === previous?.clcId) ?? clc;
    }
    const username = uniqueUsername(firstName, lastName);

    const emailKind = rng.weighted([
      ['personal', 78],
      ['shared', 9],
      ['none', 13],
    ] as const);
    let email =
      emailKind === 'personal'
        ? `${username}@${rng.pick(MAIL_DOMAINS)}`
        : emailKind === 'shared'
          ? rng.pick(shared.get(targetClc.id) ?? ['learners@example.org'])
          : null;
    let phone = rng.chance(0.85) ? mobileNumber(rng, targetClc.country) : null;

    const origin = isHost ? targetClc.country : population.nationality;
    // Many Rohingya are stateless: no nationality on record.
    const nationality =
      population.group === 'rohingya' && !isHost && rng.chance(0.45)
        ? null
        : rng.chance(0.02)
          ? null
          : population.nationality;
    const bornInExile = !isHost && age < 22 && rng.chance(0.3);
    const birthCountry = rng.chance(0.05) ? null : bornInExile ? targetClc.country : origin;
    const birthPlace =
      birthCountry && rng.chance(0.6) ? rng.pick(PLACES[birthCountry] ?? ['—']) : null;
    const schoolingLevel = rng.chance(0.03) ? null : rng.weighted(SCHOOLING);
    const vocationalSchool = rng.chance(0.12);
    const vocational = rng.pick(VOCATIONAL);
    const vocationalYears = vocationalSchool ? rng.int(1, 4) : null;
    const vocationalCompleted = vocationalSchool ? rng.chance(0.6) : null;
    const identificationType = rng.weighted(IDENTIFICATION);
    const identificationNumber =
      identificationType === 'passport'
        ? `${String.fromCharCode(65 + rng.int(0, 25), 65 + rng.int(0, 25))}${digits(rng, 7)}`
        : identificationType === 'localId'
          ? digits(rng, rng.int(8, 10))
          : null;
    const createdAt = now - rng.int(1, 4 * 365) * DAY - rng.int(0, DAY - 1);
    const lastSignInAt = rng.chance(0.6) ? createdAt + rng.next() * (now - createdAt) : null;

    const student: GeneratedStudent = {
      clcId: targetClc.id,
      username,
      email,
      firstName,
      lastName,
      gender,
      phone,
      status: rng.chance(0.03) ? 'locked' : 'active',
      createdAt: new Date(createdAt).toISOString(),
      lastSignInAt: lastSignInAt === null ? null : new Date(lastSignInAt).toISOString(),
      birthDate,
      birthCountry,
      birthPlace,
      nationality,
      nativeLanguage: rng.chance(0.05) ? null : rng.pick(group.languages),
      countryOfOrigin: rng.chance(0.03) ? null : origin,
      countryOfResidence: rng.chance(0.02) ? null : targetClc.country,
      countryOfSchool:
        schoolingLevel === null || schoolingLevel === 'none'
          ? null
          : bornInExile || isHost || rng.chance(0.3)
            ? targetClc.country
            : origin,
      residencyStatus: rng.chance(0.03)
        ? null
        : rng.weighted(isHost ? HOST_RESIDENCY : REFUGEE_RESIDENCY),
      schoolingLevel,
      vocationalSchool,
      vocationalName: vocationalSchool ? vocational[0] : null,
      vocationalCountry: vocationalSchool ? (rng.chance(0.5) ? origin : targetClc.country) : null,
      vocationalSubjects: vocationalSchool ? vocational[1] : null,
      vocationalYears,
      vocationalCompleted,
      vocationalCompletionYear:
        vocationalCompleted && vocationalYears
          ? today.getUTCFullYear() - rng.int(0, Math.max(0, age - 17))
          : null,
      unhcrNumber:
        !isHost && rng.chance(0.7) ? `${digits(rng, 3)}-${digits(rng, 2)}C${digits(rng, 5)}` : null,
      identificationType,
      identificationNumber,
      otherCommunication: rng.chance(0.2) ? rng.pick(OTHER_COMMUNICATION) : null,
      deviceType: rng.chance(0.05) ? null : rng.weighted(DEVICES),
      cefrLevel: rng.weighted(CEFR),
      flaw,
    };

    switch (flaw) {
      case 'spaces':
        student.firstName = `  ${firstName} `;
        student.lastName = `${lastName}  ${rng.pick(group.last)}`;
        break;
      case 'capitals':
        student.firstName = firstName.toLocaleUpperCase('en');
        student.lastName = lastName.toLocaleUpperCase('en');
        break;
      case 'invalidEmail':
        email = `${username}.${rng.pick(MAIL_DOMAINS)}`;
        student.email = email;
        break;
      case 'badPhone':
        phone = `0${digits(rng, 3)}-ABC-${digits(rng, 2)}`;
        student.phone = phone;
        break;
      case 'noContact':
        student.email = null;
        student.phone = null;
        break;
      case 'duplicate':
        student.email = null;
        break;
      case null:
        break;
    }
    previous = student;
    yield student;
  }
}

// ---------------------------------------------------------------------------------------------
// Inserting: one statement per batch of rows, the columns passed as arrays and unnested

type Cell = string | number | boolean | null;

/** A PostgreSQL array literal of the values, read by the server with `::text::<type>[]`. */
export function pgArrayLiteral(values: readonly Cell[]): string {
  const items = values.map((v) => {
    if (v === null) return 'NULL';
    if (typeof v === 'boolean') return v ? 't' : 'f';
    if (typeof v === 'number') return String(v);
    return `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}

const column = <T>(rows: readonly T[], read: (row: T) => Cell): string =>
  pgArrayLiteral(rows.map(read));

async function takenUsernames(db: Db): Promise<Set<string>> {
  const rows = await db.select({ username: users.username }).from(users);
  return new Set(rows.map((r) => r.username.toLowerCase()));
}

async function clcRefs(db: Db, clcIds: number[]): Promise<ClcRef[]> {
  const rows = await db
    .select({ id: clcs.id, code: clcs.code, country: clcs.country })
    .from(clcs)
    .where(inArray(clcs.id, clcIds));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = clcIds.filter((id) => !byId.has(id));
  if (missing.length > 0) throw new Error(`No CLC with id ${missing.join(', ')}.`);
  // In the order given, so that the same ids give the same people.
  return clcIds.map((id) => byId.get(id) ?? { id, code: '', country: '' });
}

async function insertStudentBatch(
  db: Db,
  rows: GeneratedStudent[],
  passwordHash: string | null,
): Promise<void> {
  const c = (read: (row: GeneratedStudent) => Cell) => column(rows, read);
  // One statement: users, then their role, CLC and profile, joined back by username.
  await db.execute(sql`
    with input as (
      select * from unnest(
        ${c((r) => r.username)}::text::text[], ${c((r) => r.email)}::text::text[],
        ${c((r) => r.firstName)}::text::text[], ${c((r) => r.lastName)}::text::text[],
        ${c((r) => r.gender)}::text::text[], ${c((r) => r.phone)}::text::text[],
        ${c((r) => r.status)}::text::text[], ${c((r) => r.createdAt)}::text::timestamptz[],
        ${c((r) => r.lastSignInAt)}::text::timestamptz[], ${c((r) => r.clcId)}::text::int[],
        ${c((r) => r.birthDate)}::text::date[], ${c((r) => r.birthCountry)}::text::text[],
        ${c((r) => r.birthPlace)}::text::text[], ${c((r) => r.nationality)}::text::text[],
        ${c((r) => r.nativeLanguage)}::text::text[], ${c((r) => r.countryOfOrigin)}::text::text[],
        ${c((r) => r.countryOfResidence)}::text::text[], ${c((r) => r.countryOfSchool)}::text::text[],
        ${c((r) => r.residencyStatus)}::text::text[], ${c((r) => r.schoolingLevel)}::text::text[],
        ${c((r) => r.vocationalSchool)}::text::bool[], ${c((r) => r.vocationalName)}::text::text[],
        ${c((r) => r.vocationalCountry)}::text::text[], ${c((r) => r.vocationalSubjects)}::text::text[],
        ${c((r) => r.vocationalYears)}::text::int[], ${c((r) => r.vocationalCompleted)}::text::bool[],
        ${c((r) => r.vocationalCompletionYear)}::text::int[], ${c((r) => r.unhcrNumber)}::text::text[],
        ${c((r) => r.identificationType)}::text::text[], ${c((r) => r.identificationNumber)}::text::text[],
        ${c((r) => r.otherCommunication)}::text::text[], ${c((r) => r.deviceType)}::text::text[],
        ${c((r) => r.cefrLevel)}::text::int[]
      ) as t(username, email, first_name, last_name, gender, phone, status, created_at,
             last_sign_in_at, clc_id, birth_date, birth_country, birth_place, nationality,
             native_language, country_of_origin, country_of_residence, country_of_school,
             residency_status, schooling_level, vocational_school, vocational_name,
             vocational_country, vocational_subjects, vocational_years, vocational_completed,
             vocational_completion_year, unhcr_number, identification_type,
             identification_number, other_communication, device_type, cefr_level)
    ),
    u as (
      insert into users (username, email, first_name, last_name, gender, phone, system_role,
                         status, password_hash, last_role_key, last_sign_in_at, created_at, updated_at)
      select username, email, first_name, last_name, gender::gender, phone, 'user',
             status::user_status, ${passwordHash}::text, 'STUDENT', last_sign_in_at, created_at, created_at
      from input
      returning jwl_id, username
    ),
    r as (insert into user_roles (user_id, role_key) select jwl_id, 'STUDENT' from u),
    m as (
      insert into user_clcs (user_id, clc_id)
      select u.jwl_id, i.clc_id from u join input i on i.username = u.username
    )
    insert into student_profiles (user_id, birth_date, birth_country, birth_place, nationality,
      native_language, country_of_origin, country_of_residence, country_of_school,
      residency_status, schooling_level, vocational_school, vocational_name, vocational_country,
      vocational_subjects, vocational_years, vocational_completed, vocational_completion_year,
      unhcr_number, identification_type, identification_number, other_communication,
      device_type, cefr_level)
    select u.jwl_id, i.birth_date, i.birth_country, i.birth_place, i.nationality,
      i.native_language, i.country_of_origin, i.country_of_residence, i.country_of_school,
      i.residency_status::residency_status, i.schooling_level::schooling_level,
      i.vocational_school, i.vocational_name, i.vocational_country, i.vocational_subjects,
      i.vocational_years, i.vocational_completed, i.vocational_completion_year, i.unhcr_number,
      i.identification_type::identification_type, i.identification_number,
      i.other_communication, i.device_type::device_type, i.cefr_level
    from u join input i on i.username = u.username`);
}

export type InsertStudentsOptions = {
  clcIds: number[];
  count: number;
  seed: number;
  /** The same hash for everyone (demo sign-ins); null (default): no password until they set one. */
  passwordHash?: string | null;
  /** Rows per statement (default 1000). */
  batchSize?: number;
  today?: Date;
  flaws?: boolean;
};

export type InsertedCounts = { students: number; batches: number };

/**
 * Inserts `count` generated students over the CLCs: users (system role user, no password),
 * the STUDENT role, their CLC and a student profile. Each batch is one statement, so each is
 * its own short transaction (PGlite has one connection; nothing waits long behind it).
 */
export async function insertStudents(
  db: Db,
  options: InsertStudentsOptions,
): Promise<InsertedCounts> {
  const refs = await clcRefs(db, options.clcIds);
  const taken = await takenUsernames(db);
  const batchSize = options.batchSize ?? 1000;
  let batch: GeneratedStudent[] = [];
  let students = 0;
  let batches = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await insertStudentBatch(db, batch, options.passwordHash ?? null);
    students += batch.length;
    batches += 1;
    batch = [];
  };
  for (const student of generateStudents({
    clcs: refs,
    count: options.count,
    seed: options.seed,
    taken,
    ...(options.today ? { today: options.today } : {}),
    ...(options.flaws === undefined ? {} : { flaws: options.flaws }),
  })) {
    batch.push(student);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  // Fresh statistics for the planner after a bulk load (PGlite runs no autovacuum).
  await db.execute(sql`analyze users, user_roles, user_clcs, student_profiles`);
  return { students, batches };
}

// ---------------------------------------------------------------------------------------------
// Staff: facilitators and coordinators of each CLC

export type GeneratedStaff = {
  clcId: number;
  role: 'FACILITATOR' | 'COORDINATOR';
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  gender: Gender;
  phone: string | null;
  employeeType: EmployeeType | null;
};

export type StaffOptions = {
  clcs: ClcRef[];
  seed: number;
  /** Facilitators and coordinators per CLC, each a [min, max] range (default [2, 4] and [1, 2]). */
  perClc?: { facilitators: [number, number]; coordinators: [number, number] };
  taken?: Set<string>;
};

export function generateStaff(options: StaffOptions): GeneratedStaff[] {
  const rng = createRng(options.seed);
  const perClc = options.perClc ?? { facilitators: [2, 4], coordinators: [1, 2] };
  const taken = options.taken ?? new Set<string>();
  const out: GeneratedStaff[] = [];
  for (const clc of options.clcs) {
    const host = hostOf(clc.country);
    const local = host.people.find((p) => p.host) ?? host.people[0];
    const roles = [
      ...Array.from({ length: rng.int(...perClc.facilitators) }, () => 'FACILITATOR' as const),
      ...Array.from({ length: rng.int(...perClc.coordinators) }, () => 'COORDINATOR' as const),
    ];
    for (const role of roles) {
      // Mostly people of the host community or of the camp; some international staff.
      const group: NameGroup = rng.chance(0.2)
        ? GROUPS.international
        : GROUPS[(rng.chance(0.6) ? local : rng.pick(host.people))?.group ?? 'international'];
      const gender: Gender = rng.chance(0.5) ? 'f' : 'm';
      const firstName = rng.pick(gender === 'f' ? group.female : group.male);
      const lastName = rng.pick(group.last);
      const base = `${slug(firstName)}.${slug(lastName)}`.slice(0, 52);
      let username = base;
      for (let n = 2; taken.has(username); n += 1) username = `${base}${String(n)}`;
      taken.add(username);
      out.push({
        clcId: clc.id,
        role,
        username,
        email: `${username}@staff.example.org`,
        firstName,
        lastName,
        gender,
        phone: mobileNumber(rng, clc.country),
        employeeType: role === 'FACILITATOR' ? rng.pick(EMPLOYEE_TYPES) : null,
      });
    }
  }
  return out;
}

export type InsertStaffOptions = Omit<StaffOptions, 'clcs' | 'taken'> & {
  clcIds: number[];
  passwordHash?: string | null;
};

/** Inserts facilitators (role FACILITATOR, an employee type) and coordinators of each CLC. */
export async function insertStaff(
  db: Db,
  options: InsertStaffOptions,
): Promise<{ facilitators: number; coordinators: number }> {
  const refs = await clcRefs(db, options.clcIds);
  const rows = generateStaff({
    clcs: refs,
    seed: options.seed,
    taken: await takenUsernames(db),
    ...(options.perClc ? { perClc: options.perClc } : {}),
  });
  if (rows.length === 0) return { facilitators: 0, coordinators: 0 };
  const c = (read: (row: GeneratedStaff) => Cell) => column(rows, read);
  await db.execute(sql`
    with input as (
      select * from unnest(
        ${c((r) => r.username)}::text::text[], ${c((r) => r.email)}::text::text[],
        ${c((r) => r.firstName)}::text::text[], ${c((r) => r.lastName)}::text::text[],
        ${c((r) => r.gender)}::text::text[], ${c((r) => r.phone)}::text::text[],
        ${c((r) => r.employeeType)}::text::text[], ${c((r) => r.role)}::text::text[],
        ${c((r) => r.clcId)}::text::int[]
      ) as t(username, email, first_name, last_name, gender, phone, employee_type, role, clc_id)
    ),
    u as (
      insert into users (username, email, first_name, last_name, gender, phone, system_role,
                         employee_type, password_hash, last_role_key)
      select username, email, first_name, last_name, gender::gender, phone, 'user',
             employee_type::employee_type, ${options.passwordHash ?? null}::text, role
      from input
      returning jwl_id, username
    ),
    r as (
      insert into user_roles (user_id, role_key)
      select u.jwl_id, i.role from u join input i on i.username = u.username
    )
    insert into user_clcs (user_id, clc_id)
    select u.jwl_id, i.clc_id from u join input i on i.username = u.username`);
  return {
    facilitators: rows.filter((r) => r.role === 'FACILITATOR').length,
    coordinators: rows.filter((r) => r.role === 'COORDINATOR').length,
  };
}
