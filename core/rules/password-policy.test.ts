import { describe, expect, it } from 'vitest';
import { PASSWORD_IS_USERNAME, PASSWORD_TOO_COMMON, passwordProblem } from './password-policy.ts';

const common = new Set(['password', '12345678', 'qwertyuiop', 'iloveyou', 'dragon']);
const check = (password: string, username?: string) => passwordProblem(password, { username, common });

describe('password policy', () => {
  it('refuses passwords on the common list, whatever their case or trailing digits and symbols', () => {
    for (const p of ['password', 'PASSWORD', 'Password1', 'password123!', '12345678', 'QwertyUiop', 'Dragon2024']) {
      expect(check(p), p).toBe(PASSWORD_TOO_COMMON);
    }
  });
  it('refuses repetitions and sequences of characters', () => {
    for (const p of ['aaaaaaaa', '11111111', 'abababab', 'abcabcabc', 'abcdefgh', '98765432', 'ZYXWVUTS']) {
      expect(check(p), p).toBe(PASSWORD_TOO_COMMON);
    }
  });
  it('refuses the username itself and the username with a few characters added', () => {
    expect(check('kilo1-workshop', 'kilo1-workshop')).toBe(PASSWORD_IS_USERNAME);
    expect(check('Kilo1-Workshop', 'kilo1-workshop')).toBe(PASSWORD_IS_USERNAME);
    expect(check('nadia.saleh99', 'nadia.saleh')).toBe(PASSWORD_IS_USERNAME);
  });
  it("refuses the product's and the trade's own words", () => {
    expect(check('Workbay!')).toBe(PASSWORD_TOO_COMMON);
    expect(check('garage2026')).toBe(PASSWORD_TOO_COMMON);
  });
  it('accepts passphrases and other passwords of any composition (no composition rules)', () => {
    for (const p of ['correct-horse-1', 'initial-pass-1', 'bluebird lake', 'كلمة سر طويلة', 'nadia-saleh-garage-7', 'abcdefgz']) {
      expect(check(p, 'nadia.saleh'), p).toBeNull();
    }
  });
});
