import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const root = fileURLToPath(new URL('..', import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    webDir: string;
    serverFile: string;
  }
}

/**
 * Builds the app once for the whole browser suite as `npm run build` does (the web client with
 * its precompressed files, and the compiled server), into a folder of this run's own (WEB_DIR
 * and the server file for the servers the tests start), so two runs at once never overwrite
 * each other.
 */
export default function setup(project: TestProject) {
  // Inside the checkout (dist/ is ignored by git): the compiled server imports its npm packages
  // from node_modules, which node finds only from a folder below the checkout.
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  const outDir = mkdtempSync(path.join(root, 'dist', 'e2e-'));
  const webDir = path.join(outDir, 'web');
  const serverDir = path.join(outDir, 'server');
  // Vitest runs with NODE_ENV=test; the browser tests use the production build people get.
  const result = spawnSync(process.execPath, ['scripts/build.mjs', '--web-dir', webDir, '--server-dir', serverDir], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    rmSync(outDir, { recursive: true, force: true });
    throw new Error(`the build failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  project.provide('webDir', webDir);
  project.provide('serverFile', path.join(serverDir, 'main.js'));
  return () => rmSync(outDir, { recursive: true, force: true });
}
