import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startServerProcess } from '../server/test/process.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    webDir: string;
    serverFile: string;
    /** An embedded database the compiled server created and migrated, for each test's server to copy. */
    databaseTemplate: string;
  }
}

/**
 * Builds the app once for the whole browser suite as `npm run build` does (the web client with
 * its precompressed files, and the compiled server), into a folder of this run's own (WEB_DIR
 * and the server file for the servers the tests start), so two runs at once never overwrite
 * each other.
 *
 * Then starts that server once on an empty folder and stops it, which leaves an embedded database
 * created and migrated as a new installation's: each test file's server starts on a copy of it
 * (harness.ts startServer). Creating one takes the server about 4 s, a copy a tenth of a second.
 */
export default async function setup(project: TestProject) {
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
  const serverFile = path.join(serverDir, 'main.js');
  const template = path.join(outDir, 'data');
  const server = await startServerProcess({ DATA_DIR: template, WEB_DIR: webDir, LOG_LEVEL: 'warn' }, 120_000, [serverFile]);
  const code = await server.stop();
  if (code !== 0) throw new Error(`the server that created the template database exited with ${code}:\n${server.output()}`);
  project.provide('webDir', webDir);
  project.provide('serverFile', serverFile);
  project.provide('databaseTemplate', path.join(template, 'db'));
  return () => rmSync(outDir, { recursive: true, force: true });
}
