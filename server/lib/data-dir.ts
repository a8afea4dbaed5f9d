import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/**
 * Who holds the lock. The PID alone is not enough: after a crash the PID may be given to another
 * program, and the lock would then block start-up for good. Where the system reports it (Linux
 * /proc), a process is also known by its start time (field 22 of /proc/<pid>/stat, clock ticks
 * since boot) and the boot it ran in, which no later process with the same PID shares. The
 * command is kept for whoever reads the file.
 */
type LockOwner = { pid: number; bootId?: string; startTime?: string; command?: string };

function readProc(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** A process as the operating system describes it now; only the PID where there is no /proc. */
function describeProcess(pid: number): LockOwner {
  const stat = readProc(`/proc/${pid}/stat`);
  // The fields after the command name, which is in parentheses and may itself hold spaces or ')'.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  const command = readProc(`/proc/${pid}/cmdline`)?.split('\0').filter(Boolean);
  return {
    pid,
    bootId: readProc('/proc/sys/kernel/random/boot_id')?.trim() || undefined,
    startTime: fields?.[22 - 3],
    command: command?.length ? command.join(' ') : undefined,
  };
}

/** The lock's owner: JSON, or the PID alone as versions before start times wrote it; null when unreadable. */
function parseOwner(text: string): LockOwner | null {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const owner = JSON.parse(trimmed) as LockOwner;
    return Number.isInteger(owner?.pid) && owner.pid > 0 ? owner : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const programOf = (command: string | undefined) => command && path.basename(command.split(' ')[0]);

/** Whether the process that wrote the lock still runs (not merely some process with its PID). */
function isHeld(owner: LockOwner): boolean {
  if (owner.pid === process.pid || !isAlive(owner.pid)) return false;
  const now = describeProcess(owner.pid);
  if (owner.bootId && now.bootId && owner.bootId !== now.bootId) return false;
  if (owner.startTime && now.startTime) return owner.startTime === now.startTime;
  // A lock of the PID alone (an earlier version): held only if that PID runs the same program as
  // we do (node), so a live sleep, shell or browser that got the PID does not block start-up.
  const theirs = programOf(now.command);
  const ours = programOf(describeProcess(process.pid).command);
  if (theirs && ours) return theirs === ours;
  return true; // no /proc: a live PID holds it
}

/**
 * Takes the data folder for this process. PGlite has no lock across processes, and two
 * openers would silently lose writes, so a second Workbay on the same folder is refused.
 * A lock left by a process that died (kill -9, power loss) is taken over, also when its PID
 * now belongs to another process.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'workbay.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, `${JSON.stringify(describeProcess(process.pid))}\n`);
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(lockPath, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = parseOwner(readFileSync(lockPath, 'utf8'));
      if (owner && isHeld(owner)) {
        throw new DataDirLockedError(
          `another Workbay (process ${owner.pid}) is using the data folder ${dataDir}; stop it first or choose another DATA_DIR`,
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
