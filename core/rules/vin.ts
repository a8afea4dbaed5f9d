/**
 * Vehicle identification numbers (ISO 3779 / 3780, and the North-American check digit of
 * 49 CFR 565), checked and decoded offline: no service is called.
 *
 * - A VIN is compared upper-cased and trimmed. Vehicles built before 1981 have shorter, free-form
 *   numbers: those are accepted as given and not decoded.
 * - A 17-character VIN may hold the digits and the letters other than I, O and Q.
 * - Position 9 is a check digit. It is mandatory in North America (first character 1 to 5), so
 *   there a wrong one is refused; elsewhere makers may put anything there, so it is only reported.
 * - Manufacturer from the WMI (positions 1 to 3, a table of the common makers), country or region
 *   from the first two characters, model year from position 10.
 */

export const VIN_LENGTH = 17;

export const VIN_MESSAGES = {
  forbiddenLetters: 'VIN must not contain I, O or Q',
  characters: 'VIN may contain only letters and digits',
  checkDigit: 'VIN check digit does not match',
} as const;

/** Upper-cased and trimmed: the form a VIN is stored and compared in. */
export function normalizeVin(vin: string): string {
  return vin.trim().toUpperCase();
}

const TRANSLITERATION: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The check digit position 9 should hold ('0'-'9' or 'X'), for a 17-character VIN of allowed characters. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) {
    const c = vin[i];
    const value = c >= '0' && c <= '9' ? Number(c) : TRANSLITERATION[c];
    sum += value * WEIGHTS[i];
  }
  const rest = sum % 11;
  return rest === 10 ? 'X' : String(rest);
}

/** North-American VINs (made for or in the USA, Canada, Mexico) must carry a correct check digit. */
export function isNorthAmericanVin(vin: string): boolean {
  return /^[1-5]/.test(vin);
}

/**
 * What is wrong with a VIN (already normalized), or null when it is acceptable. Only a
 * 17-character VIN is checked; a shorter one is an older vehicle's number, taken as given.
 */
export function vinProblem(vin: string): string | null {
  if (vin.length !== VIN_LENGTH) return null;
  if (/[IOQ]/.test(vin)) return VIN_MESSAGES.forbiddenLetters;
  if (!/^[A-Z0-9]+$/.test(vin)) return VIN_MESSAGES.characters;
  if (isNorthAmericanVin(vin) && vin[8] !== vinCheckDigit(vin)) return VIN_MESSAGES.checkDigit;
  return null;
}

// --- Country or region (ISO 3780): the first character names a region, the second narrows it. ---

/** The order of second characters in ISO 3780 ranges ("SA-SM"): letters without I, O, Q, then 1-9, 0. */
const SECOND = 'ABCDEFGHJKLMNPRSTUVWXYZ1234567890';

const REGIONS: Record<string, string> = {
  A: 'Africa',
  B: 'Africa',
  C: 'Africa',
  D: 'Africa',
  E: 'Africa',
  F: 'Africa',
  G: 'Africa',
  H: 'Africa',
  J: 'Asia',
  K: 'Asia',
  L: 'Asia',
  M: 'Asia',
  N: 'Asia',
  P: 'Asia',
  R: 'Asia',
  S: 'Europe',
  T: 'Europe',
  U: 'Europe',
  V: 'Europe',
  W: 'Europe',
  X: 'Europe',
  Y: 'Europe',
  Z: 'Europe',
  '1': 'North America',
  '2': 'North America',
  '3': 'North America',
  '4': 'North America',
  '5': 'North America',
  '6': 'Oceania',
  '7': 'Oceania',
  '8': 'South America',
  '9': 'South America',
};

/** [first character, second from, second to, country, region when not the first character's]. */
const COUNTRIES: [string, string, string, string, string?][] = [
  ['A', 'A', 'H', 'South Africa'],
  ['D', 'A', 'E', 'Egypt'],
  ['D', 'F', 'K', 'Morocco'],
  ['J', 'A', '0', 'Japan'],
  ['K', 'F', 'K', 'Israel'],
  ['K', 'L', 'R', 'South Korea'],
  ['L', 'A', '0', 'China'],
  ['M', 'A', 'E', 'India'],
  ['M', 'F', 'K', 'Indonesia'],
  ['M', 'L', 'R', 'Thailand'],
  ['N', 'A', 'E', 'Iran'],
  ['N', 'F', 'K', 'Pakistan'],
  ['N', 'L', 'R', 'Turkey'],
  ['P', 'A', 'E', 'Philippines'],
  ['P', 'F', 'K', 'Singapore'],
  ['P', 'L', 'R', 'Malaysia'],
  ['R', 'A', 'E', 'United Arab Emirates'],
  ['R', 'F', 'K', 'Taiwan'],
  ['R', 'L', 'R', 'Vietnam'],
  ['R', 'S', 'Z', 'Saudi Arabia'],
  ['S', 'A', 'M', 'United Kingdom'],
  ['S', 'N', 'T', 'Germany'],
  ['S', 'U', 'Z', 'Poland'],
  ['T', 'A', 'H', 'Switzerland'],
  ['T', 'J', 'P', 'Czech Republic'],
  ['T', 'R', 'V', 'Hungary'],
  ['T', 'W', '1', 'Portugal'],
  ['U', 'H', 'M', 'Denmark'],
  ['U', 'N', 'T', 'Ireland'],
  ['U', 'U', 'Z', 'Romania'],
  ['U', '5', '7', 'Slovakia'],
  ['V', 'A', 'E', 'Austria'],
  ['V', 'F', 'R', 'France'],
  ['V', 'S', 'W', 'Spain'],
  ['V', 'X', '2', 'Serbia'],
  ['V', '3', '5', 'Croatia'],
  ['V', '6', '0', 'Estonia'],
  ['W', 'A', '0', 'Germany'],
  ['X', 'A', 'E', 'Bulgaria'],
  ['X', 'F', 'K', 'Greece'],
  ['X', 'L', 'R', 'Netherlands'],
  ['X', 'S', 'W', 'Russia'],
  ['X', 'X', '2', 'Luxembourg'],
  ['X', '3', '0', 'Russia'],
  ['Y', 'A', 'E', 'Belgium'],
  ['Y', 'F', 'K', 'Finland'],
  ['Y', 'S', 'W', 'Sweden'],
  ['Y', 'X', '2', 'Norway'],
  ['Y', '6', '0', 'Ukraine'],
  ['Z', 'A', 'R', 'Italy'],
  ['Z', 'X', '2', 'Slovenia'],
  ['1', 'A', '0', 'United States'],
  ['4', 'A', '0', 'United States'],
  ['5', 'A', '0', 'United States'],
  ['2', 'A', '0', 'Canada'],
  ['3', 'A', 'W', 'Mexico'],
  ['6', 'A', 'W', 'Australia'],
  ['7', 'A', 'E', 'New Zealand'],
  // The United States ran short of 1, 4 and 5: newer makers (Tesla, Rivian, Volvo's plant) have 7F-70.
  ['7', 'F', '0', 'United States', 'North America'],
  ['8', 'A', 'E', 'Argentina'],
  ['8', 'F', 'K', 'Chile'],
  ['9', 'A', 'E', 'Brazil'],
  ['9', '3', '9', 'Brazil'],
  ['9', 'F', 'K', 'Colombia'],
];

function countryEntry(vin: string) {
  const second = SECOND.indexOf(vin[1]);
  if (second < 0) return undefined;
  return COUNTRIES.find(([first, from, to]) => first === vin[0] && second >= SECOND.indexOf(from) && second <= SECOND.indexOf(to));
}

/** The country the first two characters are assigned to, or null when unassigned or not in the table. */
export function vinCountry(vin: string): string | null {
  return countryEntry(vin)?.[3] ?? null;
}

/** The part of the world the VIN comes from (Africa, Asia, Europe, North America, Oceania, South America). */
export function vinRegion(vin: string): string | null {
  return countryEntry(vin)?.[4] ?? REGIONS[vin[0]] ?? null;
}

// --- Manufacturer from the World Manufacturer Identifier (positions 1-3). ---

const MAKERS: Record<string, string[]> = {
  Acura: ['JH4', '19U', '5J8'],
  'Alfa Romeo': ['ZAR'],
  'Aston Martin': ['SCF'],
  Audi: ['WAU', 'WA1', 'TRU', 'WUA'],
  Bentley: ['SCB'],
  BMW: ['WBA', 'WBS', 'WBX', 'WBY', '5UX', '5YM', '4US'],
  Buick: ['1G4', '2G4', 'KL4'],
  BYD: ['LGX', 'LC0'],
  Cadillac: ['1G6', '1GY'],
  Chevrolet: ['1G1', '1GC', '1GN', '1GB', '2G1', '2GN', '3G1', '3GN', '3GC', 'KL1', 'KL7', 'KL8', '9BG'],
  Chery: ['LVV'],
  Chrysler: ['1C3', '2C3', '1C4', '2A4', '2C4'],
  Citroën: ['VF7', 'VR7'],
  Dacia: ['UU1'],
  Dodge: ['1B3', '1B7', '1D7', '2B3', '2D3', '3D7'],
  Ferrari: ['ZFF'],
  Fiat: ['ZFA', '3C3', '9BD'],
  Ford: [
    '1FA',
    '1FB',
    '1FC',
    '1FD',
    '1FM',
    '1FT',
    '2FA',
    '2FM',
    '2FT',
    '3FA',
    '3FE',
    'WF0',
    'SFA',
    'NM0',
    'MAJ',
    '6FP',
    '1ZV',
    '8AF',
    '9BF',
  ],
  Genesis: ['KMT'],
  GMC: ['1GK', '1GT', '1GD', '2GK', '2GT', '3GK', '3GT'],
  'Great Wall': ['LGW'],
  Holden: ['6G1', '6H8'],
  Honda: ['JHM', 'JHL', '1HG', '2HG', '2HK', '2HJ', '5FN', '5J6', '19X', '3HG', 'SHH', 'SHS', 'MRH'],
  Hyundai: ['KMH', 'KM8', 'KMF', '5NP', '5NM', 'TMA', 'MAL', 'NLH'],
  Infiniti: ['JNK', 'JNR', '5N3'],
  Isuzu: ['JAA', 'JAL', 'MPA'],
  Jaguar: ['SAJ', 'SAD'],
  Jeep: ['1J4', '1J8', 'ZAC'],
  Kia: ['KNA', 'KND', '5XX', '5XY', 'U5Y', 'U6Y'],
  Lamborghini: ['ZHW'],
  'Land Rover': ['SAL'],
  Lexus: ['JTH', 'JTJ', 'JT6', 'JT8', '2T2', '58A'],
  Lincoln: ['1LN', '5LM', '3LN'],
  Maserati: ['ZAM'],
  Mazda: ['JM1', 'JM3', 'JMZ', '1YV', '4F2', '4F4', '3MZ', '3MV'],
  'Mercedes-Benz': ['WDB', 'WDC', 'WDD', 'WDF', 'W1K', 'W1N', 'W1V', 'WMX', '4JG', '55S'],
  MG: ['LSJ'],
  MINI: ['WMW'],
  Mitsubishi: ['JA3', 'JA4', 'JMB', 'JMY', 'ML3', 'MMB', '4A3', '4A4'],
  Nissan: ['JN1', 'JN6', 'JN8', '1N4', '1N6', '3N1', '3N6', '5N1', 'SJN', 'VSK', 'MDH'],
  Opel: ['W0L', 'W0V'],
  Peugeot: ['VF3', 'VR3'],
  Polestar: ['LPS', 'YSM'],
  Porsche: ['WP0', 'WP1'],
  Ram: ['3C6', '1C6', '3C7'],
  Renault: ['VF1', 'VF6', 'KNM'],
  Rivian: ['7FC', '7PD'],
  'Rolls-Royce': ['SCA'],
  Saab: ['YS3'],
  SEAT: ['VSS'],
  Škoda: ['TMB'],
  smart: ['WME'],
  Subaru: ['JF1', 'JF2', '4S3', '4S4'],
  Suzuki: ['JS2', 'JS3', 'TSM', 'MA3'],
  Tata: ['MAT'],
  Tesla: ['5YJ', '7SA', 'LRW', 'XP7'],
  Toyota: [
    'JTD',
    'JTE',
    'JTK',
    'JTL',
    'JTM',
    'JTN',
    'JT2',
    'JT3',
    'JT4',
    '4T1',
    '4T3',
    '4T4',
    '5TD',
    '5TE',
    '5TF',
    '2T1',
    '2T3',
    'NMT',
    'SB1',
    'VNK',
    'MR0',
    'AHT',
  ],
  Volkswagen: ['WVW', 'WVG', 'WV1', 'WV2', '1VW', '3VW', '9BW', 'AAV', 'LFV', 'LSV'],
  Volvo: ['YV1', 'YV4', '7JR', 'LYV'],
  'Harley-Davidson': ['1HD'],
  Kawasaki: ['JKA'],
  Yamaha: ['JYA'],
  Ducati: ['ZDM'],
  Mahindra: ['MA1'],
  Lada: ['XTA'],
  Proton: ['PL1'],
};

const MANUFACTURERS: ReadonlyMap<string, string> = new Map(
  Object.entries(MAKERS).flatMap(([maker, wmis]) => wmis.map((wmi) => [wmi, maker] as const)),
);

/** The maker named by the WMI, or null when it is not one of the common makers in the table. */
export function vinManufacturer(vin: string): string | null {
  return MANUFACTURERS.get(vin.slice(0, 3)) ?? null;
}

// --- Model year from position 10: a 30-year cycle of letters (no I, O, Q, U, Z) and digits 1-9. ---

const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/**
 * The model year (position 10). North-American VINs say which cycle: a letter at position 7
 * means 2010 to 2039, a digit 1980 to 2009. Elsewhere the most recent year of the cycle not
 * after next year (next year's models are on sale this year) is taken.
 */
export function vinModelYear(vin: string, now = new Date()): number | null {
  const index = YEAR_CODES.indexOf(vin[9]);
  if (index < 0) return null;
  const latest = now.getFullYear() + 1;
  if (isNorthAmericanVin(vin)) {
    const year = 1980 + index + (/[A-Z]/.test(vin[6]) ? 30 : 0);
    return year <= latest ? year : year - 30;
  }
  let year = 1980 + index;
  while (year + 30 <= latest) year += 30;
  return year;
}

export type VinDecoding = {
  vin: string;
  /** False when the VIN cannot be accepted (see `error`). */
  valid: boolean;
  error: string | null;
  /** Whether position 9 holds the right check digit: null for a VIN that is not 17 allowed characters. */
  checkDigitValid: boolean | null;
  manufacturer: string | null;
  country: string | null;
  region: string | null;
  modelYear: number | null;
};

/**
 * Checks and decodes a VIN offline. A shorter (pre-1981) number is valid and not decoded; an
 * empty one is not valid. The check digit is reported for every 17-character VIN and refused
 * only for North-American ones.
 */
export function decodeVin(input: string, now = new Date()): VinDecoding {
  const vin = normalizeVin(input);
  const none = { checkDigitValid: null, manufacturer: null, country: null, region: null, modelYear: null };
  if (vin.length === 0) return { vin, valid: false, error: 'VIN is required', ...none };
  if (vin.length > VIN_LENGTH) return { vin, valid: false, error: `VIN must be at most ${VIN_LENGTH} characters`, ...none };
  if (vin.length < VIN_LENGTH) return { vin, valid: true, error: null, ...none };
  const error = vinProblem(vin);
  const wellFormed = /^[A-HJ-NPR-Z0-9]{17}$/.test(vin);
  return {
    vin,
    valid: error === null,
    error,
    checkDigitValid: wellFormed ? vin[8] === vinCheckDigit(vin) : null,
    manufacturer: vinManufacturer(vin),
    country: vinCountry(vin),
    region: vinRegion(vin),
    modelYear: vinModelYear(vin, now),
  };
}
