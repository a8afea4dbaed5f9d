import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PAGE_PATHS, pageScreen } from '@core/pages.ts';

/**
 * What every page loads before its own code: the modules web/src/main.tsx reaches by static
 * imports (type imports and `import()` aside). The libraries that load with the screens that use
 * them (vite.config.ts VENDOR_GROUPS: forms, zod, drag and drop, charts) must not be among them:
 * one value imported from a zod contract by eager code put 27 kB gzip more on every page
 * (bench/README.md), over the 200 kB budget on some.
 */
const web = path.dirname(fileURLToPath(import.meta.url));
const core = path.resolve(web, '../../core');

/** `import ... from 'x'`, `export ... from 'x'` and `import 'x'`; the clause is empty for a bare import. */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?:([^;]*?)\s+from\s+)?['"]([^'"]+)['"]/gm;

/** Whether an import clause brings only types (removed from the build). */
function typeOnly(clause: string): boolean {
  if (/^type\s/.test(clause)) return true;
  const named = /^\{([\s\S]*)\}$/.exec(clause.trim());
  if (!named) return false;
  const names = named[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

function resolveFile(base: string): string | null {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && /\.(ts|tsx)$/.test(candidate)) return candidate;
  }
  return null;
}

/** A file of ours, or a package's name. */
function resolve(file: string, specifier: string): { file: string } | { pkg: string } {
  let base: string | null = null;
  if (specifier.startsWith('@/')) base = path.join(web, specifier.slice(2));
  else if (specifier.startsWith('@core/')) base = path.join(core, specifier.slice('@core/'.length));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(file), specifier);
  if (base === null) {
    const parts = specifier.split('/');
    return { pkg: specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0] };
  }
  const found = resolveFile(base);
  if (!found) throw new Error(`${path.relative(web, file)}: cannot resolve ${specifier}`);
  return { file: found };
}

/** Every file and package `start` (main.tsx, a page's screen) reaches eagerly, with the chain that reaches each package. */
function eagerGraph(start = path.join(web, 'main.tsx')) {
  const files = new Set<string>();
  const packages = new Map<string, string[]>();
  const walk = (file: string, chain: string[]) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(STATIC_IMPORT)) {
      const [, clause = '', specifier] = match;
      if (typeOnly(clause) || /\.css$/.test(specifier)) continue;
      const target = resolve(file, specifier);
      const here = [...chain, path.relative(path.dirname(web), file)];
      if ('pkg' in target) {
        if (!packages.has(target.pkg)) packages.set(target.pkg, here);
      } else walk(target.file, here);
    }
  };
  walk(start, []);
  return { files, packages };
}

/** The libraries a screen loads only when it needs them (a dialog, a form's check, a chart). */
const ON_DEMAND = ['zod', 'react-hook-form', '@hookform/resolvers', '@dnd-kit/core', '@dnd-kit/sortable', 'uplot'];

describe('the code every page loads', () => {
  const { files, packages } = eagerGraph();

  it('is found: the shell, the router and the query client are in it', () => {
    const names = [...files].map((file) => path.relative(web, file));
    expect(names).toEqual(expect.arrayContaining(['app/app.tsx', 'app/routes.ts', 'lib/query-client.ts']));
    expect([...packages.keys()]).toEqual(expect.arrayContaining(['react', '@tanstack/react-query']));
  });

  it('holds none of the libraries that load with the screens using them: zod, forms, drag and drop, charts', () => {
    for (const pkg of ON_DEMAND) {
      expect(packages.get(pkg), `${pkg} reached by ${packages.get(pkg)?.join(' -> ')}`).toBeUndefined();
    }
    expect([...files].filter((file) => file === path.join(core, 'zod.ts'))).toEqual([]);
  });
});

/**
 * A page's own code, loaded with it: its forms' checks come with the first check (lib/lazy-resolver.ts),
 * so no page pulls zod in to show itself (/settings did, through one constant of a zod contract:
 * 224 kB gzip). Drag and drop and the form library (its resolver, without zod) are what the pages named here need to show.
 */
const NEEDED: Record<string, string[]> = {
  '/tasks': ['@dnd-kit/core', '@dnd-kit/sortable'],
  '/settings': ['react-hook-form', '@hookform/resolvers'],
  '/profile': ['react-hook-form', '@hookform/resolvers'],
};

describe('the code a page loads to show', () => {
  for (const page of PAGE_PATHS) {
    const screen = pageScreen(page);
    if (!screen) continue;
    it(`${page} (${screen}) holds no library it loads on demand`, () => {
      const { packages } = eagerGraph(resolveFile(path.join(web, screen))!);
      for (const pkg of ON_DEMAND.filter((name) => !NEEDED[page]?.includes(name))) {
        expect(packages.get(pkg), `${pkg} reached by ${packages.get(pkg)?.join(' -> ')}`).toBeUndefined();
      }
    });
  }
});
