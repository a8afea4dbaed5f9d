#!/usr/bin/env node
// `npm test`: every test, on a fresh machine of this kind.
// 1. Installs Debian's Chromium for the browser tests when it is missing (npm cannot bring it).
// 2. Runs the whole suite on the embedded database (PGlite): unit, HTTP and browser tests.
// 3. When TEST_DATABASE_URL is set, runs the unit and HTTP tests again against that PostgreSQL
//    server. The browser tests run once: they drive the same server code, whose database
//    behaviour the HTTP tests already check on both databases.
// Prints the time each pass took.
// Ends with one line "tests: N passed, N failed" over every pass.
import { spawnSync } from 'node:child_process';
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

function runPass(name, env, projects = []) {
  mkdirSync('test-results', { recursive: true });
  const report = `test-results/vitest-${name}.json`;
  console.log(`\n=== ${name}: vitest run ===`);
  const started = Date.now();
  const r = spawnSync(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { stdio: 'inherit', env },
  );
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
  if (r.status !== 0 && failed === 0) failed = 1;
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`${name}: ${passed} passed, ${failed} failed in ${seconds} s`);
  return { passed, failed, seconds, failures };
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
const passes = [];
const { TEST_DATABASE_URL, ...embeddedEnv } = process.env;
passes.push(runPass('pglite', embeddedEnv));
if (TEST_DATABASE_URL) passes.push(runPass('postgres', { ...process.env }, ['unit', 'http']));
else console.log('\n(TEST_DATABASE_URL is not set: the PostgreSQL pass is skipped; .ci/run sets it)');

const passed = passes.reduce((n, p) => n + p.passed, 0);
const failed = passes.reduce((n, p) => n + p.failed, 0);
const seconds = passes.reduce((n, p) => n + p.seconds, 0);
const failures = passes.flatMap((p) => p.failures);
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed in ${seconds} s`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
