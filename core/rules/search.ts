/** Pure rules of the global search (core/contracts/search.ts). */

const ARABIC_INDIC_ZERO = 0x0660;
const PERSIAN_ZERO = 0x06f0;

/**
 * A search box's text as it is searched: spaces collapsed and trimmed, Arabic-Indic and Persian
 * digits as 0-9 (an Arabic keyboard types ٢٠٢٤ for a job number's or a phone's digits), and
 * Arabic's tatweel (a stretching stroke with no meaning) removed.
 */
export function normalizeSearch(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - ARABIC_INDIC_ZERO))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - PERSIAN_ZERO))
    .replace(/\u0640/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const DOCUMENT_NUMBER = /^(JC|EST|INV|APT)-?(\d{6})$/i;
const DOCUMENT_KIND = { JC: 'jobCards', EST: 'estimates', INV: 'invoices', APT: 'appointments' } as const;

/**
 * A document number typed whole, in either case, the dash optional (jc-000012, JC000012) as the number the
 * workshop stores (JC-000012), with the kind of record it names; null for any other text.
 */
export function documentNumber(q: string): { kind: (typeof DOCUMENT_KIND)[keyof typeof DOCUMENT_KIND]; number: string } | null {
  const match = DOCUMENT_NUMBER.exec(q.trim());
  if (!match) return null;
  const prefix = match[1].toUpperCase() as keyof typeof DOCUMENT_KIND;
  return { kind: DOCUMENT_KIND[prefix], number: `${prefix}-${match[2].padStart(6, '0')}` };
}

/**
 * What a query could be exactly, so only the exact lookups it could satisfy run: a phone (digits,
 * spaces, +, - and brackets, six digits or more), an e-mail (an @), a code such as a plate, VIN
 * or SKU (holding a digit).
 */
export function queryShape(q: string): { phone: boolean; email: boolean; code: boolean } {
  const digits = q.replace(/\D/g, '').length;
  return {
    phone: /^\+?[\d\s\-()]+$/.test(q) && digits >= 6,
    email: q.includes('@'),
    code: digits > 0,
  };
}

/**
 * Whether `q` could be part of a document number (`prefix`-dddddd, e.g. EST-000123): letters of
 * the prefix's end and up to six digits. A name or a plate is not looked for among the numbers,
 * whose trigram index holds every number's digits.
 */
export function couldBeInNumber(q: string, prefix: string): boolean {
  const match = /^([A-Z]*-?)(\d{0,6})$/.exec(q.toUpperCase());
  if (!match) return false;
  const [, head, digits] = match;
  const full = `${prefix}-`;
  return digits ? full.endsWith(head) : head.length > 0 && full.includes(head);
}

/**
 * A phone typed whole or nearly (a + or a space, or more digits than a document number holds):
 * only the records that hold phones are searched for it.
 */
export function isPhoneOnly(q: string): boolean {
  return queryShape(q).phone && (/[+\s()]/.test(q) || q.replace(/\D/g, '').length > 6);
}
