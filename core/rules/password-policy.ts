/**
 * What a new password must not be, NIST SP 800-63B style: no composition rules (length is
 * checked by the contract, 8 to 200 characters), but never a password attackers try first.
 * The list of common and breached passwords is passed in (the server loads it from a package).
 */
export const PASSWORD_TOO_COMMON = 'This password is too common or too easy to guess; choose another';
export const PASSWORD_IS_USERNAME = 'The password must not be your username';

/** Words of this product and its trade that a guesser tries first, beside the common list. */
const CONTEXT_WORDS = ['workbay', 'workshop', 'garage', 'mechanic'];

/** A run of one step between neighbours, forwards or backwards: 12345678, abcdefgh, 98765432. */
function isSequence(text: string): boolean {
  const codes = [...text].map((c) => c.codePointAt(0)!);
  const step = codes[1] - codes[0];
  if (Math.abs(step) !== 1) return false;
  return codes.every((c, i) => i === 0 || c - codes[i - 1] === step);
}

/** The same short piece over and over: aaaaaaaa, abababab, abcabcabc. */
function isRepetition(text: string): boolean {
  for (let size = 1; size <= 3; size++) {
    const piece = text.slice(0, size);
    if (text.length > size && piece.repeat(Math.ceil(text.length / size)).slice(0, text.length) === text) return true;
  }
  return false;
}

export function passwordProblem(password: string, context: { username?: string; common: ReadonlySet<string> }): string | null {
  const folded = password.toLowerCase();
  const username = context.username?.toLowerCase();
  if (username && (folded === username || (folded.includes(username) && folded.length - username.length < 4))) {
    return PASSWORD_IS_USERNAME;
  }
  // "password1!" and "Password" are as weak as "password": drop trailing digits and symbols too.
  const stem = folded.replace(/[\d\W_]+$/u, '');
  if (context.common.has(folded) || (stem.length >= 4 && context.common.has(stem))) return PASSWORD_TOO_COMMON;
  if (CONTEXT_WORDS.some((w) => folded === w || stem === w)) return PASSWORD_TOO_COMMON;
  if (isSequence(folded) || isRepetition(folded)) return PASSWORD_TOO_COMMON;
  return null;
}
