import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { applyServerIssues, translateValidation } from './validation';

const t = ((key: string, options?: Record<string, unknown>) => `${key}${options?.max ? `:${String(options.max)}` : ''}`) as unknown as TFunction;

describe('translateValidation', () => {
  it('maps the contracts\u2019 messages to dictionary keys', () => {
    expect(translateValidation('Required', t)).toBe('validation.required');
    expect(translateValidation('Invalid email address', t)).toBe('validation.email');
    expect(translateValidation('Password must be at least 8 characters', t)).toBe('validation.passwordMin:8');
    expect(translateValidation('Must be at most 20 characters', t)).toBe('validation.maxLength:20');
    expect(translateValidation('Too big: expected string to have <=100 characters', t)).toBe('validation.maxLength:100');
  });

  it('passes unknown messages through and keeps undefined', () => {
    expect(translateValidation('Something specific', t)).toBe('Something specific');
    expect(translateValidation(undefined, t)).toBeUndefined();
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
