import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** `en` is the source; `ar` must mirror every key, with the same {{variables}}. */
const root = fileURLToPath(new URL('.', import.meta.url));
const namespaces = (language: string) =>
  readdirSync(`${root}/${language}`)
    .filter((f) => f.endsWith('.json'))
    .sort();
const load = (language: string, file: string): unknown => JSON.parse(readFileSync(`${root}/${language}/${file}`, 'utf8'));

function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

const variables = (text: unknown) => (typeof text === 'string' ? [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort() : []);

describe('dictionaries', () => {
  it('have the same namespaces in en and ar', () => {
    expect(namespaces('ar')).toEqual(namespaces('en'));
    expect(namespaces('en').length).toBeGreaterThan(0);
  });

  for (const file of namespaces('en')) {
    describe(file, () => {
      const en = flatten(load('en', file));
      const ar = flatten(load('ar', file));

      it('ar has every key en has', () => {
        expect([...en.keys()].filter((key) => !ar.has(key))).toEqual([]);
      });

      it('en has every key ar has', () => {
        expect([...ar.keys()].filter((key) => !en.has(key))).toEqual([]);
      });

      it('has only non-empty strings', () => {
        for (const [language, entries] of [
          ['en', en],
          ['ar', ar],
        ] as const) {
          const bad = [...entries]
            .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
            .map(([key]) => `${language}:${key}`);
          expect(bad).toEqual([]);
        }
      });

      it('uses the same interpolation variables in both languages', () => {
        const mismatched = [...en.keys()].filter((key) => ar.has(key) && variables(en.get(key)).join() !== variables(ar.get(key)).join());
        expect(mismatched).toEqual([]);
      });
    });
  }
});
