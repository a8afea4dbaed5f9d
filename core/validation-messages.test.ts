import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validationIssue, VALIDATION_MESSAGES } from './validation-messages.ts';

type Dictionary = { validation: Record<string, string> };
const dictionary = (lang: string): Dictionary =>
  JSON.parse(readFileSync(new URL(`../web/src/locales/${lang}/common.json`, import.meta.url), 'utf8')) as Dictionary;

/** Values that make each kind of field complain: empty, blank, wrong type, out of range, malformed. */
const SAMPLES: unknown[] = [
  undefined,
  null,
  '',
  '  ',
  'x',
  'abc',
  '-1',
  '0',
  '1.234',
  '12:5',
  '25:00',
  '2026-13-01',
  '1800-01-01',
  '9999-12-31',
  '1800-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  'IOQIOQIOQIOQIOQIO',
  '1HGCM82633A00435X',
  'ABC!DEFGHIJKLMNOP',
  'ABCDEFGHJKLMNPRST1',
  'a\0b',
  'a'.repeat(6000),
  '9'.repeat(20),
  -1,
  0,
  0.5,
  1.5,
  1800,
  3000,
  100_001,
  1e12,
  -1e12,
  true,
  [],
  {},
];
/** The error functions of schemas and checks are called with these issues. */
const ISSUES = [
  { code: 'invalid_type', input: undefined },
  { code: 'invalid_type', input: 'x' },
  { code: 'too_small', input: '' },
  { code: 'custom', input: 'x' },
];

type Node = {
  _zod: { def: Record<string, unknown> };
  safeParse(value: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } };
};
const isSchema = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && '_zod' in value && typeof (value as Node).safeParse === 'function';

function messagesOf(error: unknown, into: Set<string>) {
  if (typeof error !== 'function') return;
  for (const issue of ISSUES) {
    const result: unknown = (error as (issue: unknown) => unknown)(issue);
    const text = typeof result === 'string' ? result : (result as { message?: unknown } | undefined)?.message;
    if (typeof text === 'string') into.add(text);
  }
}

/** Every message a schema can state: its own and its checks' error texts, and what it says to the samples. */
function collect(schema: unknown, into: Set<string>, seen: Set<unknown>) {
  if (!isSchema(schema) || seen.has(schema)) return;
  seen.add(schema);
  const def = schema._zod.def;
  messagesOf(def.error, into);
  for (const check of (def.checks as Array<{ _zod: { def: { error?: unknown } } }> | undefined) ?? [])
    messagesOf(check._zod.def.error, into);
  for (const key of ['innerType', 'in', 'out', 'element', 'schema', 'left', 'right', 'keyType', 'valueType', 'catchall'])
    collect(def[key], into, seen);
  for (const key of ['options', 'items']) for (const child of (def[key] as unknown[] | undefined) ?? []) collect(child, into, seen);
  const shape = def.shape as Record<string, unknown> | undefined;
  if (shape) for (const child of Object.values(shape)) collect(child, into, seen);
  if (typeof def.getter === 'function') collect((def.getter as () => unknown)(), into, seen);
  for (const sample of SAMPLES) {
    const result = schema.safeParse(sample);
    if (!result.success) for (const issue of result.error?.issues ?? []) into.add(issue.message);
  }
}

async function contractMessages(): Promise<Set<string>> {
  const dir = new URL('./contracts/', import.meta.url);
  const files = readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
  const messages = new Set<string>();
  const seen = new Set<unknown>();
  for (const file of files) {
    const module = (await import(new URL(file, dir).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) collect(value, messages, seen);
  }
  return messages;
}

describe('validation messages', () => {
  it('gives every message a contract can produce a code with English and Arabic text', async () => {
    const messages = await contractMessages();
    // The walk reaches the contracts' own texts, the shared rules' and zod's generic ones.
    expect(messages.size).toBeGreaterThan(80);
    for (const known of [
      'Required',
      'Estimate number must be in format EST-XXXXXX',
      'Contains a character that cannot be stored',
      'Must be at most 2,147,483,647',
    ]) {
      expect(messages).toContain(known);
    }
    const en = dictionary('en').validation;
    const ar = dictionary('ar').validation;
    const untranslated = [...messages].filter((message) => {
      const issue = validationIssue(message);
      const key = issue?.code.replace(/^validation\./, '');
      return !key || !en[key] || !ar[key] || ar[key] === en[key];
    });
    expect(untranslated).toEqual([]);
  });

  it('has English and Arabic text for every code, with the same parameters', () => {
    const en = dictionary('en').validation;
    const ar = dictionary('ar').validation;
    for (const key of Object.keys(VALIDATION_MESSAGES)) {
      expect(en[key], key).toBeTruthy();
      expect(ar[key], key).toBeTruthy();
      const params = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(params(ar[key]!), key).toEqual(params(en[key]!));
    }
  });

  it('reads the values out of a message with parameters', () => {
    expect(validationIssue('Must be at most 100 characters')).toEqual({ code: 'validation.maxLength', params: { max: '100' } });
    expect(validationIssue('Date must be between 1900-01-01 and 9999-11-30')).toEqual({
      code: 'validation.dateRange',
      params: { min: '1900-01-01', max: '9999-11-30' },
    });
    expect(validationIssue('Not one of ours')).toBeUndefined();
  });
});
