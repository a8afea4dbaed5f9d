import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data folder for this process. PGlite has no lock across processes, and two
 * openers would silently lose writes, so a second Workbay on the same folder is refused.
 * A lock left by a process that died (kill -9, power loss) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'workbay.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(lockPath, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `another Workbay (process ${pid}) is using the data folder ${dataDir}; stop it first or choose another DATA_DIR`,
        );
      }
      rmSync(lockPath, { force: true }); // stale: its process is gone
    }
  }
  throw new DataDirLockedError(`could not lock the data folder ${dataDir}`);
}

/** SESSION_SECRET when given; otherwise one generated on first start and kept in the data folder. */
export function loadSessionSecret(dataDir: string, given?: string): string {
  if (given) return given;
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'session-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
