import { defineConfig, type BuildEnvironmentOptions, type Plugin, type UserConfig } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OutputBundle, OutputChunk } from 'rolldown';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** A module id inside one of these packages (node_modules/<name>/...). */
const inPackages = (...names: string[]) => new RegExp(`[\\\\/]node_modules[\\\\/](${names.join('|')})[\\\\/]`);

/**
 * Libraries in chunks of their own, by how often they change and who needs them: every page
 * loads react, query, i18n and the radix kit; forms, zod and drag and drop load with the
 * screens that use them. The groups are taken in priority order: a library in none of them
 * lands with the code that imports it.
 */
const VENDOR_GROUPS = [
  { name: 'react', test: inPackages('react', 'react-dom', 'scheduler') },
  { name: 'query', test: inPackages('@tanstack') },
  { name: 'forms', test: inPackages('react-hook-form', '@hookform') },
  { name: 'zod', test: inPackages('zod') },
  { name: 'dnd', test: inPackages('@dnd-kit') },
  // Every icon of the app together (a few hundred bytes each): one file, not fifty.
  { name: 'icons', test: inPackages('lucide-react') },
  {
    name: 'radix',
    test: inPackages(
      'radix-ui',
      '@radix-ui',
      '@floating-ui',
      'aria-hidden',
      'react-remove-scroll',
      'react-remove-scroll-bar',
      'react-style-singleton',
      'use-callback-ref',
      'use-sidecar',
      'get-nonce',
      'detect-node-es',
      'tslib',
    ),
  },
  { name: 'vendor', test: /[\\/]node_modules[\\/]/ },
];

/**
 * The app's own small shared modules (ui kit, lib helpers, shared widgets, core values): one
 * chunk instead of dozens of few-hundred-byte files. Not the lazily loaded parts: the Arabic
 * dictionaries, the zod resolver, core contracts (zod) and the forms' schemas.
 */
const APP_SHARED =
  /[\\/]web[\\/]src[\\/](components[\\/]ui|lib|shared)[\\/]|[\\/]core[\\/](permissions|validation-messages|rules[\\/][^\\/]+|contracts[\\/][^\\/]+\.values)\.ts$/;
const NOT_SHARED = /locales-ar\.ts$|lazy-resolver\.ts$|form-select\.tsx$|\.test\.ts$/;

/**
 * Preloads, in index.html, the Inter faces the first paint uses (Latin): they are requested at
 * once instead of after the CSS and the first render. Arabic faces load only for Arabic text
 * (their @font-face unicode-range).
 */
function preloadFonts(pattern: RegExp): Plugin {
  return {
    name: 'workbay:preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files = Object.keys(ctx.bundle ?? {})
          .filter((file) => pattern.test(file))
          .sort();
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * The head in the order a first paint needs it: the stylesheets and fonts before the scripts.
 * Over HTTP/1.1 a browser opens six connections to a server and requests in the order it finds
 * them; behind index.html's eight scripts, a page's stylesheet (which its first paint waits for,
 * a page the server rendered included) waited for a free connection.
 */
function stylesFirst(): Plugin {
  return {
    name: 'workbay:styles-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const early = /[ \t]*<link rel="(?:stylesheet|preload)"[^>]*\bhref="\/assets\/[^"]+\.(?:css|woff2)"[^>]*>\n?/g;
        const links = html.match(early) ?? [];
        const rest = html.replace(early, '');
        return rest.replace(/(<title>[^<]*<\/title>\n?)/, (title) => `${title}${links.join('')}`);
      },
    },
  };
}

/**
 * A small shared module that a screen may need without any radix widget: grouping one that
 * renders a select (or a checkbox, tabs...) would bring that widget's library along to every
 * screen that loads the group.
 */
const USES_WIDGET =
  /from 'radix-ui'|@\/components\/ui\/(alert-dialog|select|checkbox|switch|tabs|label|popover|server-combobox|toast)'|@\/shared\//;
function isSmallHelper(id: string): boolean {
  if (!APP_SHARED.test(id) || NOT_SHARED.test(id)) return false;
  const source = readFileSync(id.split('?')[0]!, 'utf8');
  return !USES_WIDGET.test(source);
}

/**
 * Writes page-chunks.json beside index.html: for each page's screen (a dynamically imported
 * module under web/src, as core/pages.ts names it), the files its chunk needs beyond what
 * index.html already loads. The server names them in the page's HTML (modulepreload), so a
 * page's code is fetched with the document rather than once the app's scripts have run.
 */
function pageChunks(srcDir: string): Plugin {
  return {
    name: 'workbay:page-chunks',
    apply: 'build',
    generateBundle(_options, bundle: OutputBundle) {
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (chunk: OutputChunk, files = new Set<string>()) => {
        if (files.has(chunk.fileName)) return files;
        files.add(chunk.fileName);
        for (const file of chunk.imports) closure(byFile.get(file)!, files);
        return files;
      };
      const initial = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [...closure(chunk)]));
      const screens: Record<string, string[]> = {};
      for (const chunk of chunks) {
        if (!chunk.isDynamicEntry || !chunk.facadeModuleId) continue;
        const module = path
          .relative(srcDir, chunk.facadeModuleId.split('?')[0])
          .replace(/\.tsx?$/, '')
          .split(path.sep)
          .join('/');
        if (module.startsWith('..')) continue;
        screens[module] = [...closure(chunk)].filter((file) => !initial.has(file));
      }
      this.emitFile({ type: 'asset', fileName: 'page-chunks.json', source: JSON.stringify(screens) });
    },
  };
}

type Group = { name: string; test: RegExp | ((id: string) => boolean) };

/**
 * The named groups in two: what the shell itself needs (loaded on every page, with the entry)
 * and the rest (one chunk, loaded by the screens that use some of it).
 */
function splitInitial(groups: Group[], names: string[]) {
  return groups.flatMap((group) => (names.includes(group.name) ? [{ ...group, tags: ['$initial' as const] }] : [group]));
}

/** Libraries' "use client" directives mean nothing in a bundle of the client or of the renderer. */
const withoutDirectiveWarnings: NonNullable<NonNullable<BuildEnvironmentOptions['rolldownOptions']>['onwarn']> = (warning, warn) => {
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
  warn(warning);
};

/** The browser's build: chunks by route and library group, page-chunks.json, preloaded fonts. */
const clientBuild: UserConfig = {
  plugins: [
    tailwindcss(),
    preloadFonts(/inter-latin-(400|500|600|700)-normal-[\w-]+\.woff2$/),
    stylesFirst(),
    pageChunks(here('./web/src')),
  ],
  build: {
    outDir: here('./dist/web'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      onwarn: withoutDirectiveWarnings,
      output: {
        codeSplitting: {
          groups: [
            ...splitInitial(VENDOR_GROUPS, ['icons', 'radix', 'vendor']).map((group, index) => ({ ...group, priority: 100 - index })),
            ...splitInitial([{ name: 'app', test: (id: string) => APP_SHARED.test(id) && !NOT_SHARED.test(id) }], ['app']).map((group) => ({
              ...group,
              priority: 10,
            })),
            // What the screens use beyond the shell: every other icon in one file, and the small
            // shared modules (badges, fields, hooks of a few hundred bytes) in another.
            { name: 'icons-more', test: inPackages('lucide-react'), priority: 9 },
            { name: 'app-small', test: isSmallHelper, maxModuleSize: 2048, priority: 8 },
          ],
        },
      },
    },
  },
};

/**
 * The server's page renderer (web/src/entry-server.tsx, `vite build --ssr`, scripts/build.mjs
 * names the folder): the same app for Node.
 */
const rendererBuild: UserConfig = {
  plugins: [],
  publicDir: false,
  // Its libraries inside it, built for production (React's development build renders several
  // times slower, and the server's NODE_ENV is whatever its operator left it).
  ssr: { noExternal: true },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: { emptyOutDir: true, rolldownOptions: { onwarn: withoutDirectiveWarnings, output: { entryFileNames: '[name].js' } } },
};

export default defineConfig(({ isSsrBuild }) => ({
  root: here('./web'),
  resolve: { alias: { '@': here('./web/src'), '@core': here('./core') } },
  ...(isSsrBuild ? rendererBuild : clientBuild),
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:5000',
      '/ws': { target: 'ws://127.0.0.1:5000', ws: true },
    },
  },
}));
