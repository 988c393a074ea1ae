// Names, languages and places, written in Latin script as the people themselves write them

export type NameGroup = { male: string[]; female: string[]; last: string[]; languages: string[] };

// One row per list keeps the name lists readable (prettier would give each name a line).
// prettier-ignore
export const GROUPS = {
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

export type GroupKey = keyof typeof GROUPS;

/** Towns people give as their place of birth, by country. */
// One row per country.
// prettier-ignore
export const PLACES: Record<string, string[]> = {
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
