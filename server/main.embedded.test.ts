import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { call, runServerExpectingFailure, startServerProcess, type ServerProcess } from './test/process.ts';

const running: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.kill()));
});
const tempDir = () => mkdtempSync(path.join(tmpdir(), 'workbay-'));
const register = { username: 'owner', password: 'correct-horse-1', email: 'owner@example.com', firstName: 'Rania', lastName: 'Fadel' };

// A data folder is migrated once, by a first Workbay started and stopped on it (which a clean
// first start and stop also checks); each test copies it. A start that migrates a new folder took
// some 15 s beside the browser tests (scripts/test.mjs), one on a migrated folder about 2.
let template: string;
beforeAll(async () => {
  template = tempDir();
  const first = await startServerProcess({ DATA_DIR: template });
  expect((await call(first.url, 'GET', '/api/health')).status).toBe(200);
  expect(await first.stop()).toBe(0);
  rmSync(path.join(template, 'session-secret'));
}, 120_000);
/** A data folder as a stopped install leaves it (its database migrated), without the session secret. */
const dataDir = () => {
  const dir = tempDir();
  cpSync(template, dir, { recursive: true });
  return dir;
};

describe('the embedded database process', { timeout: 120_000 }, () => {
  it('refuses a second Workbay on the same data folder at once, with a clear message', async () => {
    const dir = dataDir();
    const first = await startServerProcess({ DATA_DIR: dir });
    running.push(first);
    const second = await runServerExpectingFailure({ DATA_DIR: dir });
    expect(second.code).toBe(1);
    expect(second.output.trim()).toBe(
      `workbay: another Workbay (process ${first.proc.pid}) is using the data folder ${dir}; stop it first or choose another DATA_DIR`,
    );
    // The first is unharmed.
    expect((await call(first.url, 'GET', '/api/health')).status).toBe(200);
  });

  it('still refuses when the lock is in the format of earlier versions (the PID alone) and names a running Workbay', async () => {
    const dir = dataDir();
    const first = await startServerProcess({ DATA_DIR: dir });
    running.push(first);
    writeFileSync(path.join(dir, 'workbay.lock'), String(first.proc.pid));
    const second = await runServerExpectingFailure({ DATA_DIR: dir });
    expect(second.code).toBe(1);
    expect(second.output.trim()).toBe(
      `workbay: another Workbay (process ${first.proc.pid}) is using the data folder ${dir}; stop it first or choose another DATA_DIR`,
    );
  });

  it.runIf(process.platform === 'linux')('takes over a stale lock whose PID now belongs to another, live process', async () => {
    const dir = dataDir();
    const lockPath = path.join(dir, 'workbay.lock');
    // The crashed Workbay's PID, since reused by an unrelated program.
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
      const stale = [
        String(other.pid), // earlier versions: the PID alone
        JSON.stringify({ pid: other.pid, bootId, startTime: '1', command: 'node --import tsx server/main.ts' }), // started at another time
        JSON.stringify({ pid: other.pid, bootId: '00000000-0000-0000-0000-000000000000', startTime: '1' }), // before a reboot
      ];
      for (const content of stale) {
        writeFileSync(lockPath, content);
        const server = await startServerProcess({ DATA_DIR: dir });
        expect(JSON.parse(readFileSync(lockPath, 'utf8')).pid, content).toBe(server.proc.pid);
        expect((await call(server.url, 'GET', '/api/health')).status).toBe(200);
        expect(await server.stop()).toBe(0);
      }
    } finally {
      other.kill();
    }
  });

  it('keeps every acknowledged write after kill -9 and restarts on the same folder', async () => {
    const dir = dataDir();
    const first = await startServerProcess({ DATA_DIR: dir });
    const reg = await call(first.url, 'POST', '/api/register', register);
    expect(reg.status).toBe(201);
    const saved = await call(
      first.url,
      'PUT',
      '/api/tenant/settings',
      {
        name: 'Crash Test Garage',
        address: '',
        phone: '',
        email: '',
        timeZone: 'Africa/Cairo',
        currency: 'EGP',
        taxRate: '14',
      },
      reg.cookie,
    );
    expect(saved.status).toBe(200);
    await first.kill();

    const second = await startServerProcess({ DATA_DIR: dir });
    running.push(second);
    // Same session secret and sessions: the old cookie still works.
    const settings = await call(second.url, 'GET', '/api/tenant/settings', undefined, reg.cookie);
    expect(settings.status).toBe(200);
    expect(settings.json).toMatchObject({ name: 'Crash Test Garage', timeZone: 'Africa/Cairo', currency: 'EGP', taxRate: '14.00' });
    expect((await call(second.url, 'POST', '/api/login', { username: 'owner', password: register.password })).status).toBe(200);
  });

  it('closes cleanly on SIGTERM and frees the data folder', async () => {
    const dir = dataDir();
    const first = await startServerProcess({ DATA_DIR: dir });
    expect(existsSync(path.join(dir, 'workbay.lock'))).toBe(true);
    expect(await first.stop()).toBe(0);
    expect(existsSync(path.join(dir, 'workbay.lock'))).toBe(false);
    const again = await startServerProcess({ DATA_DIR: dir });
    running.push(again);
    expect((await call(again.url, 'GET', '/api/health')).json).toEqual({ status: 'ok', database: 'up' });
  });
});

describe('configuration', { timeout: 120_000 }, () => {
  it('stops start-up with one clear line for an invalid value', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ PORT: 'eighty' }, 'workbay: invalid configuration: PORT: PORT must be a number'],
      [{ PORT: '70000' }, 'workbay: invalid configuration: PORT: PORT must be between 0 and 65535'],
      [
        { DATABASE_URL: 'mysql://x' },
        'workbay: invalid configuration: DATABASE_URL: DATABASE_URL must start with postgres:// or postgresql://',
      ],
      [{ SESSION_SECRET: 'short' }, 'workbay: invalid configuration: SESSION_SECRET: SESSION_SECRET must be at least 32 characters'],
      [
        { ALLOWED_HOSTS: 'https://workbay.example.com' },
        'workbay: invalid configuration: ALLOWED_HOSTS: ALLOWED_HOSTS must be * or host names separated by commas, without scheme, port or path (e.g. workbay.example.com,desk.garage.lan)',
      ],
    ];
    for (const [env, line] of cases) {
      const result = await runServerExpectingFailure({ DATA_DIR: tempDir(), ...env });
      expect(result.code).toBe(1);
      expect(result.output.trim()).toBe(line);
    }
  });

  it('keeps a generated session secret in the data folder', async () => {
    const dir = dataDir();
    const p = await startServerProcess({ DATA_DIR: dir });
    running.push(p);
    expect(existsSync(path.join(dir, 'session-secret'))).toBe(true);
  });
});
