import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const root = fileURLToPath(new URL('..', import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    webDir: string;
  }
}

/**
 * Builds the web client once for the whole browser suite, into a folder of this run's own
 * (WEB_DIR for the servers the tests start), so two runs at once never overwrite each other.
 */
export default function setup(project: TestProject) {
  const webDir = mkdtempSync(path.join(tmpdir(), 'workbay-e2e-web-'));
  const vite = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url));
  // Vitest runs with NODE_ENV=test; the browser tests use the production build people get.
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'error', '--outDir', webDir, '--emptyOutDir'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    rmSync(webDir, { recursive: true, force: true });
    throw new Error(`vite build failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  project.provide('webDir', webDir);
  return () => rmSync(webDir, { recursive: true, force: true });
}
