import { describe, expect, it } from 'vitest';
import type { TFunction } from './translator';
import { applyServerIssues, translateIssue, translateValidation } from './validation';

const t = ((key: string, options?: Record<string, unknown>) => {
  const value = options?.max ?? options?.min;
  return `${key}${value ? `:${String(value)}` : ''}`;
}) as unknown as TFunction;

describe('translateValidation', () => {
  it('maps the contracts\u2019 messages to dictionary keys', () => {
    expect(translateValidation('Required', t)).toBe('validation.required');
    expect(translateValidation('Invalid email address', t)).toBe('validation.email');
    expect(translateValidation('Password must be at least 8 characters', t)).toBe('validation.passwordMin:8');
    expect(translateValidation('Must be at most 20 characters', t)).toBe('validation.maxLength:20');
    expect(translateValidation('Too big: expected string to have <=100 characters', t)).toBe('validation.maxLength:100');
  });

  it('maps the input rules\u2019 and the password policy\u2019s messages', () => {
    expect(translateValidation('Contains a character that cannot be stored', t)).toBe('validation.unstorable');
    expect(translateValidation('Must be at most 2,147,483,647', t)).toBe('validation.numberMax:2,147,483,647');
    expect(translateValidation('Date must be between 1900-01-01 and 9999-11-30', t)).toBe('validation.dateRange:9999-11-30');
    expect(translateValidation('This password is too common or too easy to guess; choose another', t)).toBe('validation.passwordCommon');
    expect(translateValidation('The password must not be your username', t)).toBe('validation.passwordIsUsername');
  });

  it('passes unknown messages through and keeps undefined', () => {
    expect(translateValidation('Something specific', t)).toBe('Something specific');
    expect(translateValidation(undefined, t)).toBeUndefined();
  });
});

describe('translateIssue', () => {
  it('translates by the code the server sends, with its parameters, whatever the text', () => {
    expect(translateIssue({ message: 'anything', code: 'validation.maxLength', params: { max: 100 } }, t)).toBe('validation.maxLength:100');
    expect(translateIssue({ message: 'Estimate number must be in format EST-XXXXXX' }, t)).toBe('validation.estimateNumber');
    // zod's own codes (too_big, ...) without one of ours: the text decides.
    expect(translateIssue({ message: 'Must be at most 20 characters', code: 'too_big', params: { maximum: 20 } }, t)).toBe(
      'validation.maxLength:20',
    );
    expect(translateIssue({ message: 'Not ours', code: 'custom' }, t)).toBe('Not ours');
  });
});

describe('applyServerIssues', () => {
  it('sets messages only on the form\u2019s own fields', () => {
    const set: Record<string, string> = {};
    const applied = applyServerIssues({ email: 'Invalid email address', other: 'x' }, ['email', 'username'] as const, (name, e) => {
      set[name] = e.message;
    });
    expect(applied).toBe(true);
    expect(set).toEqual({ email: 'Invalid email address' });
    expect(applyServerIssues({}, ['email'] as const, () => undefined)).toBe(false);
  });
});
