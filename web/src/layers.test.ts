import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layers of web/src (web/README.md): app → pages/features → shared → components/ui → lib.
 * A file imports only its own layer or the ones below it, and a feature never imports another.
 */
const root = path.dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'locales' ? [] : sources(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.ts$/.test(name) ? [full] : [];
  });
}

/** Where an import lands, as a path under web/src ('' when it is a package or core). */
function target(file: string, specifier: string): string {
  if (specifier.startsWith('@/')) return specifier.slice(2);
  if (specifier.startsWith('.')) return path.relative(root, path.resolve(path.dirname(file), specifier));
  return '';
}

/** The layer of a path and, for a feature, its name: 'features/workshop'. */
function layerOf(relative: string): string {
  const [top, second] = relative.split(path.sep).join('/').split('/');
  if (top === 'features') return `features/${second}`;
  if (top === 'components') return 'components';
  return top ?? '';
}

const BELOW: Record<string, string[]> = {
  lib: ['lib'],
  components: ['components', 'lib'],
  shared: ['shared', 'components', 'lib'],
};

describe('web layers', () => {
  it('keeps features apart and every layer above the ones it imports', () => {
    const problems: string[] = [];
    for (const file of sources(root)) {
      const from = layerOf(path.relative(root, file));
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(?:from\s+|import\()\s*'([^']+)'/g)) {
        const to = target(file, match[1]!);
        if (!to) continue;
        const layer = layerOf(to);
        const allowed = from.startsWith('features/') ? [from, 'shared', 'components', 'lib', 'locales'] : (BELOW[from] ?? null);
        if (allowed && !allowed.includes(layer)) problems.push(`${path.relative(root, file)} imports ${match[1]}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
