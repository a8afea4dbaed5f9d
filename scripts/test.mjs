#!/usr/bin/env node
// `npm test`: every test, on a fresh machine of this kind.
// 1. Installs Debian's Chromium for the browser tests when it is missing (npm cannot bring it).
// 2. Runs the browser tests (on the embedded database, PGlite) and, beside them, the unit and HTTP
//    tests on the embedded database.
// 3. When TEST_DATABASE_URL is set, then runs the unit and HTTP tests again against that PostgreSQL
//    server. The browser tests run once: they drive the same server code, whose database
//    behaviour the HTTP tests already check on both databases.
// Prints the time each pass took, every output line led by its pass's name.
// Ends with one line "tests: N passed, N failed" over every pass.
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log('Chromium is missing: installing Debian package "chromium" for the browser tests');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = isRoot ? [] : ['sudo'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['apt-get', 'update', '-qq'],
    ['apt-get', 'install', '-y', '-qq', 'chromium'],
  ]) {
    const cmd = [...sudo, ...args];
    const r = spawnSync(cmd[0], cmd.slice(1), { stdio: 'inherit', env });
    if (r.status !== 0) {
      console.error(`could not install Chromium (${cmd.join(' ')} failed); install the "chromium" package and run npm test again`);
      process.exit(1);
    }
  }
}

// Runs one pass (a vitest process) and resolves to its counts. Its output is printed as it comes,
// each line led by the pass's name, since two passes print at once.
function runPass(name, env, projects) {
  mkdirSync('test-results', { recursive: true });
  const report = `test-results/vitest-${name}.json`;
  console.log(`=== ${name}: vitest run ${projects.map((p) => `--project ${p}`).join(' ')} ===`);
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env },
  );
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`${name} | ${line}`));
  }
  return new Promise((resolve) => {
    child.on('close', (status) => {
      let passed = 0;
      let failed;
      let failures = [];
      try {
        const json = JSON.parse(readFileSync(report, 'utf8'));
        failures = failedTests(json, name);
        passed = json.numPassedTests;
        failed = json.numFailedTests + (json.numRuntimeErrorTestSuites ?? 0);
        if (!json.success && failed === 0) failed = 1; // a suite that failed to load counts
      } catch {
        failed = 1;
      }
      if (status !== 0 && failed === 0) failed = 1;
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`${name}: ${passed} passed, ${failed} failed in ${seconds} s`);
      resolve({ name, passed, failed, seconds, failures });
    });
  });
}

// The failed tests of one pass's JSON report, one line each (file, test, first line of the error),
// repeated at the end of the run so a log cut to its tail still names them.
function failedTests(json, pass) {
  const lines = [];
  for (const file of json.testResults ?? []) {
    const where = file.name.replace(process.cwd() + '/', '');
    const failedCases = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedCases) {
      const why = String(t.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 300);
      lines.push(`${pass}: ${where} > ${t.fullName ?? t.title}: ${why}`);
    }
    if (failedCases.length === 0 && file.status === 'failed') {
      lines.push(
        `${pass}: ${where}: ${String(file.message ?? '')
          .split('\n')[0]
          .slice(0, 300)}`,
      );
    }
  }
  return lines;
}

ensureChromium();
const { TEST_DATABASE_URL, ...embeddedEnv } = process.env;
const started = Date.now();
// Two lanes at once (a vitest process uses one worker on a 2-core machine, and the browser tests
// spend much of their time waiting on Chromium and the server): the browser tests in one, the
// unit and HTTP tests on the embedded database and then on PostgreSQL in the other.
const browserLane = runPass('pglite-e2e', embeddedEnv, ['e2e']);
const apiLane = (async () => {
  const lane = [await runPass('pglite', embeddedEnv, ['unit', 'http'])];
  if (TEST_DATABASE_URL) lane.push(await runPass('postgres', { ...process.env }, ['unit', 'http']));
  else console.log('(TEST_DATABASE_URL is not set: the PostgreSQL pass is skipped; .ci/run sets it)');
  return lane;
})();
const passes = [await browserLane, ...(await apiLane)];

const passed = passes.reduce((n, p) => n + p.passed, 0);
const failed = passes.reduce((n, p) => n + p.failed, 0);
const seconds = Math.round((Date.now() - started) / 1000);
const failures = passes.flatMap((p) => p.failures);
console.log(`\n${passes.map((p) => `${p.name} ${p.seconds} s`).join(', ')}`);
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed in ${seconds} s`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
