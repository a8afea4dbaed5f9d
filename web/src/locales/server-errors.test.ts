import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every error code the server raises by name has a text in a dictionary's `serverErrors` (the
 * screen's own or common's): an Arabic user reads it in Arabic, not the server's English message.
 * The locales test makes `ar` mirror `en`, so looking in `en` is enough.
 */
const locales = fileURLToPath(new URL('.', import.meta.url));
const modules = fileURLToPath(new URL('../../../server/modules/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(`${path}/`);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The codes written as literals: badRequest/conflict/forbidden('code', ...), new AppError(4xx, 'code', ...), notFound('entity'). */
function raisedCodes(): Set<string> {
  const codes = new Set<string>();
  for (const file of sourceFiles(modules)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\b(?:badRequest|conflict|forbidden)\(\s*'([a-z_]+\.[a-z_.]+)'/g)) codes.add(m[1]);
    for (const m of text.matchAll(/new AppError\(\s*4\d\d,\s*'([a-z_]+\.[a-z_.]+)'/g)) codes.add(m[1]);
    for (const m of text.matchAll(/\bnotFound\(\s*'([a-z_.]+)'/g)) codes.add(`${m[1]}.not_found`);
  }
  return codes;
}

function has(tree: unknown, code: string): boolean {
  let node = tree;
  for (const part of code.split('.')) {
    if (!node || typeof node !== 'object' || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string';
}

describe('server error codes', () => {
  it('each has a text in a dictionary', () => {
    const dictionaries = readdirSync(`${locales}/en`)
      .filter((f) => f.endsWith('.json'))
      .map((f) => (JSON.parse(readFileSync(`${locales}/en/${f}`, 'utf8')) as { serverErrors?: unknown }).serverErrors);
    const codes = raisedCodes();
    expect(codes.size).toBeGreaterThan(50);
    expect([...codes].filter((code) => !dictionaries.some((d) => has(d, code))).sort()).toEqual([]);
  });
});
