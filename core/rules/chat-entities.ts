/**
 * What the offline chat reads from a question besides its intent: the language it is asked in,
 * document numbers, VINs, number plates, phone numbers and periods ("this week", "last month",
 * "هذا الأسبوع"). Plain extraction, no I/O: the intent comes from the NLU model
 * (server/modules/ai/chat-nlu.ts), the records from the workshop's database.
 */
import { addDays, addMonths } from './scheduling.ts';

export type ChatLanguage = 'en' | 'ar';

const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]/;
const ARABIC_WORD = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]{2,}/g;
const LATIN_WORD = /[A-Za-z]{2,}/g;

/**
 * Arabic when the question starts with an Arabic word or holds more Arabic words than Latin ones
 * ("كم ساعة عمل Omar" is Arabic; "find customer محمد العتيبي" is English).
 */
export function detectLanguage(text: string): ChatLanguage {
  const first = text.match(/[\p{L}]/u)?.[0];
  if (first && ARABIC_LETTER.test(first)) return 'ar';
  const arabic = text.match(ARABIC_WORD)?.length ?? 0;
  const latin = text.match(LATIN_WORD)?.length ?? 0;
  return arabic > latin ? 'ar' : 'en';
}

/** Arabic-Indic and Eastern Arabic-Indic digits as ASCII digits ("٢٠٢٦" → "2026"). */
export function westernDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));
}

/**
 * A word as the chat compares it: lower case, Arabic diacritics and tatweel removed, the alef
 * forms and alef maqsura folded ("أ إ آ" → "ا", "ى" → "ي"), ta marbuta as ha.
 */
export function foldWord(word: string): string {
  return word
    .toLowerCase()
    .replace(/[\u064B-\u0652\u0640]/g, '')
    .replace(/[\u0622\u0623\u0625]/g, '\u0627')
    .replace(/\u0649/g, '\u064A')
    .replace(/\u0629/g, '\u0647')
    .replace(/['’]s$/, '');
}

/** A question's words in order (letters, digits and inner - . / ' kept), as typed. */
export function wordsOf(text: string): string[] {
  return westernDigits(text).match(/\+?[\p{L}\p{N}]+(?:[-.'’/][\p{L}\p{N}]+)*/gu) ?? [];
}

export type Period = {
  /** A stable name ("this_week", "last_30_days", "2026-03"): the answer's wording. */
  key: string;
  /** First day, and the day after the last (yyyy-MM-dd, the workshop's calendar). */
  from: string;
  to: string;
};

export const PERIOD_KEYS = [
  'today',
  'tomorrow',
  'yesterday',
  'this_week',
  'next_week',
  'last_week',
  'this_month',
  'last_month',
  'next_month',
  'this_year',
  'last_year',
] as const;
export type PeriodKey = (typeof PERIOD_KEYS)[number];

/** Monday of the week of a day (weeks start on Monday, as the schedule's). */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const yearStart = (day: string) => `${day.slice(0, 4)}-01-01`;

/** A named period around today. */
export function periodOf(key: PeriodKey, today: string): Period {
  switch (key) {
    case 'today':
      return { key, from: today, to: addDays(today, 1) };
    case 'tomorrow':
      return { key, from: addDays(today, 1), to: addDays(today, 2) };
    case 'yesterday':
      return { key, from: addDays(today, -1), to: today };
    case 'this_week':
      return { key, from: mondayOf(today), to: addDays(mondayOf(today), 7) };
    case 'next_week':
      return { key, from: addDays(mondayOf(today), 7), to: addDays(mondayOf(today), 14) };
    case 'last_week':
      return { key, from: addDays(mondayOf(today), -7), to: mondayOf(today) };
    case 'this_month':
      return { key, from: monthStart(today), to: addMonths(monthStart(today), 1) };
    case 'last_month':
      return { key, from: addMonths(monthStart(today), -1), to: monthStart(today) };
    case 'next_month':
      return { key, from: addMonths(monthStart(today), 1), to: addMonths(monthStart(today), 2) };
    case 'this_year':
      return { key, from: yearStart(today), to: `${Number(today.slice(0, 4)) + 1}-01-01` };
    case 'last_year':
      return { key, from: `${Number(today.slice(0, 4)) - 1}-01-01`, to: yearStart(today) };
  }
}

/** The last n days up to and including today. */
export function lastDays(n: number, today: string): Period {
  return { key: `last_${n}_days`, from: addDays(today, 1 - n), to: addDays(today, 1) };
}

/** A month by number (1-12) of the current year, or of last year when it has not come yet. */
export function monthPeriod(month: number, today: string): Period {
  let year = Number(today.slice(0, 4));
  if (month > Number(today.slice(5, 7))) year -= 1;
  const from = `${year}-${String(month).padStart(2, '0')}-01`;
  return { key: from.slice(0, 7), from, to: addMonths(from, 1) };
}

const EN_MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
/** Gregorian month names as written in the Gulf and Egypt, and in the Levant. */
const AR_MONTHS = [
  ['يناير', 'كانون الثاني'],
  ['فبراير', 'شباط'],
  ['مارس', 'آذار'],
  ['ابريل', 'أبريل', 'نيسان'],
  ['مايو', 'أيار'],
  ['يونيو', 'حزيران'],
  ['يوليو', 'تموز'],
  ['اغسطس', 'أغسطس', 'آب'],
  ['سبتمبر', 'أيلول'],
  ['اكتوبر', 'أكتوبر', 'تشرين الأول'],
  ['نوفمبر', 'تشرين الثاني'],
  ['ديسمبر', 'كانون الأول'],
];

/** Phrases of each named period, English and Arabic (folded as foldWord folds them), longest first where they overlap. */
const PERIOD_PHRASES: Array<[RegExp, PeriodKey]> = [
  // "Last" and "next" first: "خلال الأسبوع الماضي" is last week, not this one.
  [/\bnext week\b|الاسبوع القادم|الاسبوع المقبل|الأسبوع القادم|الأسبوع المقبل/, 'next_week'],
  [/\b(last|previous|past) week\b|الاسبوع الماضي|الاسبوع السابق|الأسبوع الماضي|الأسبوع السابق/, 'last_week'],
  [/\b(this|current) week\b|\bthe week\b|الاسبوع|الأسبوع/, 'this_week'],
  [/\b(last|previous|past) month\b|الشهر الماضي|الشهر السابق/, 'last_month'],
  [/\bnext month\b|الشهر القادم|الشهر المقبل/, 'next_month'],
  [/\b(this|current) month\b|\bthe month\b|هذا الشهر|الشهر الحالي/, 'this_month'],
  [/\b(last|previous|past) year\b|السنه الماضيه|السنة الماضية|العام الماضي|العام السابق/, 'last_year'],
  [/\b(this|current) year\b|\bytd\b|هذه السنه|هذه السنة|هذا العام|السنه الحاليه|السنة الحالية|العام الحالي/, 'this_year'],
  [/\btomorrow\b|غدا|غدًا|بكره|بكرة/, 'tomorrow'],
  [/\byesterday\b|امس|أمس|البارحه|البارحة/, 'yesterday'],
  [/\btoday'?s?\b|\btonight\b|اليوم|الليله|الليلة/, 'today'],
];

/**
 * The period a question names, if any: a named one, the last n days ("last 30 days", "آخر 30
 * يوما"), or a month by name ("in March", "في مارس").
 */
export function extractPeriod(text: string, today: string): Period | null {
  const lower = westernDigits(text).toLowerCase();
  const days =
    lower.match(/\b(?:last|past|previous)\s+(\d{1,3})\s+days?\b/) ?? lower.match(/(?:آخر|اخر)\s*(\d{1,3})\s*(?:يومًا|يوما|يوم|أيام|ايام)/);
  if (days && Number(days[1]) >= 1) return lastDays(Math.min(366, Number(days[1])), today);
  for (const [pattern, key] of PERIOD_PHRASES) if (pattern.test(lower)) return periodOf(key, today);
  for (const [i, name] of EN_MONTHS.entries()) {
    // "may" is also a verb: only "in May" / "May 2026" / "of may" count.
    const re = name === 'may' ? /\b(in|of|during|for) may\b|\bmay \d{4}\b/ : new RegExp(`\\b${name}\\b|\\b${name.slice(0, 3)}\\b(?!-)`);
    if (re.test(lower)) return monthPeriod(i + 1, today);
  }
  for (const [i, names] of AR_MONTHS.entries()) if (names.some((n) => lower.includes(n))) return monthPeriod(i + 1, today);
  return null;
}

/** JC-000123, EST-000123, INV-000123 and APT-000123 as written (any case, a space or no dash allowed). */
export function extractDocumentNumber(text: string, prefix: 'JC' | 'EST' | 'INV' | 'APT'): string | null {
  const m = westernDigits(text).match(new RegExp(`\\b${prefix}[-\\s]?(\\d{6})\\b`, 'i'));
  return m ? `${prefix}-${m[1]}` : null;
}

/** A 17-character VIN (letters other than I, O, Q and digits, at least one of each). */
export function extractVin(text: string): string | null {
  for (const word of westernDigits(text)
    .toUpperCase()
    .match(/\b[A-HJ-NPR-Z0-9]{17}\b/g) ?? []) {
    if (/\d/.test(word) && /[A-Z]/.test(word)) return word;
  }
  return null;
}

/**
 * A phone number as typed (at least 7 digits, with + spaces, dashes or brackets between): its
 * digits. Numbers with a document prefix, or glued to letters (VINs), are not phones.
 */
export function extractPhoneDigits(text: string): string | null {
  const cleaned = westernDigits(text).replace(/\b(JC|EST|INV|APT)[-\s]?\d{6}\b/gi, ' ');
  // Digits glued to letters (a VIN, a part number) are not a phone.
  for (const m of cleaned.match(/(?<![\p{L}\d])\+?\(?\d[\d\s().-]{6,}\d(?![\p{L}\d])/gu) ?? []) {
    const digits = m.replace(/\D/g, '');
    if (digits.length >= 7 && digits.length <= 15) return digits;
  }
  return null;
}

/**
 * What looks like a number plate: the longest run of words in capitals or digits with at least
 * one digit ("DXB A 12345", "1234 ABC", "AB12 CDE", "ABC-1234"), not a document number, VIN or a
 * year alone.
 */
export function extractPlate(text: string): string | null {
  const words = westernDigits(text)
    .replace(/\b(JC|EST|INV|APT)[-\s]?\d{6}\b/gi, ' ')
    .split(/[\s,?!؟،:;()"]+/)
    .filter(Boolean);
  let best: string[] = [];
  let run: string[] = [];
  const flush = () => {
    const joined = run.join(' ');
    if (run.some((w) => /\d/.test(w)) && joined.length >= 4 && joined.length <= 20 && !/^(19|20)\d{2}$/.test(joined)) {
      if (run.length > best.length || (run.length === best.length && joined.length > best.join(' ').length)) best = run;
    }
    run = [];
  };
  for (const w of words) {
    const word = w.replace(/[.]$/, '');
    if (/^[A-Z0-9][A-Z0-9-]*$/.test(word) && word.length <= 10) run.push(word);
    else flush();
  }
  flush();
  return best.length ? best.join(' ') : null;
}
