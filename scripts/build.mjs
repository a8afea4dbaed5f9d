#!/usr/bin/env node
// `npm run build`: everything `npm start` runs, built once.
// 1. The web app (vite build) into dist/web.
// 2. Its hashed assets precompressed (brotli and gzip, node:zlib), so the server sends them
//    compressed without compressing each request (@fastify/static's preCompressed).
// 3. The server bundled into dist/server/main.js (esbuild; npm packages bundled too but for a
//    few that read their own files or load native code, and code loaded on demand split into
//    chunks beside it), with the SQL migrations beside it: no TypeScript at run time; and the
//    workshop restore command beside it, dist/server/restore-workshop.js.
// 4. The server's page renderer (web/src/entry-server.tsx, vite build --ssr) into dist/server/ssr:
//    the web app's pages rendered to HTML with their data, from the same sources as step 1.
// Options for the browser tests, which build into folders of their own:
//   --web-dir <dir>  --server-dir <dir>  --only web|server
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
}

const webDir = path.resolve(option('web-dir', path.join(root, 'dist/web')));
const serverDir = path.resolve(option('server-dir', path.join(root, 'dist/server')));
const only = option('only', 'all');

/** Files worth compressing: text formats (fonts and images are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

function vite(...args) {
  const bin = path.join(root, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [bin, 'build', '--logLevel', 'warn', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function buildWeb() {
  vite('--outDir', webDir, '--emptyOutDir');
}

/** The page renderer, for Node: its chunks and npm imports, no public files. */
function buildRenderer() {
  vite('--ssr', 'src/entry-server.tsx', '--outDir', path.join(serverDir, 'ssr'), '--emptyOutDir');
  console.log(`page renderer built: ${path.relative(root, path.join(serverDir, 'ssr/entry-server.js'))}`);
}

/** Writes <file>.br and <file>.gz beside every compressible file of the web build. */
function precompress(dir) {
  let files = 0;
  let raw = 0;
  let brotli = 0;
  for (const entry of readdirSync(dir, { recursive: true })) {
    const file = path.join(dir, entry);
    if (!COMPRESSIBLE.test(file) || !statSync(file).isFile()) continue;
    const content = readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const br = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    files++;
    raw += content.length;
    brotli += br.length;
  }
  console.log(`precompressed ${files} files: ${Math.round(raw / 1024)} kB, ${Math.round(brotli / 1024)} kB as brotli`);
}

/** What the server bundle leaves as imports of node_modules (see buildServer). */
const SERVER_EXTERNAL = [
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  '@node-rs/argon2',
  'pg-native',
  // CommonJS packages the server imports on demand (import()): Node gives such an import the
  // package's named exports, a bundled chunk would give only its default. Not at start anyway.
  '@nlpjs/*',
  '@zxcvbn-ts/*',
  'nodemailer',
  'pg',
];

async function buildServer() {
  rmSync(serverDir, { recursive: true, force: true });
  await build({
    // main.js, and restore-workshop.js: the command that restores a workshop's backup (docs/operations.md).
    entryPoints: [path.join(root, 'server/main.ts'), path.join(root, 'server/restore-workshop.ts')],
    outdir: serverDir,
    entryNames: '[name]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // npm packages are bundled too: one file read and compiled instead of some 1,500 modules
    // resolved and loaded one by one (a quarter of a second of an embedded start). Code loaded
    // only on demand (PGlite's driver, PostgreSQL's, the AI's nlp.js, nodemailer) is split into
    // chunks beside main.js, loaded when first imported. Left as imports of node_modules
    // (SERVER_EXTERNAL): packages that read files of their own package at run time (PGlite's
    // WebAssembly and data, the API docs' pages and package.json), load a native binary (argon2,
    // pg-native), or are CommonJS imported on demand.
    external: SERVER_EXTERNAL,
    splitting: true,
    // Bundled CommonJS packages require Node's modules: an ES module has no `require` of its own.
    banner: { js: "import { createRequire as __workbayRequire } from 'node:module'; const require = __workbayRequire(import.meta.url);" },
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
  });
  // server/db/client.ts finds its migrations beside the module: ./migrations of dist/server.
  cpSync(path.join(root, 'server/db/migrations'), path.join(serverDir, 'migrations'), { recursive: true });
  console.log(`server built: ${path.relative(root, path.join(serverDir, 'main.js')) || serverDir}`);
}

if (only !== 'server') {
  buildWeb();
  precompress(webDir);
}
if (only !== 'web') {
  await buildServer();
  buildRenderer();
}
