import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export type ServerProcess = {
  url: string;
  proc: ChildProcess;
  output(): string;
  /** SIGTERM and wait; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL and wait, like a crash or a power cut of the process. */
  kill(): Promise<void>;
};

/** The server from its TypeScript source; the browser tests pass the compiled one `npm start` runs. */
const FROM_SOURCE = ['--import', 'tsx', 'server/main.ts'];

/** Runs the server as a real process and waits for its URL line. `entry`: node's arguments. */
export function startServerProcess(env: Record<string, string>, timeoutMs = 120_000, entry = FROM_SOURCE): Promise<ServerProcess> {
  const proc = spawn(process.execPath, entry, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`server did not start in ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/Workbay is running at (http:\/\/\S+)/);
      if (match) {
        clearTimeout(timer);
        resolve({
          url: match[1],
          proc,
          output: () => out,
          async stop() {
            proc.kill('SIGTERM');
            return exited;
          },
          async kill() {
            proc.kill('SIGKILL');
            await exited;
          },
        });
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before starting:\n${out}`));
    });
  });
}

/** Runs `server/main.ts` expecting it to refuse to start; resolves with its exit code and output. */
export function runServerExpectingFailure(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, FROM_SOURCE, {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout.on('data', (c) => (output += c));
    proc.stderr.on('data', (c) => (output += c));
    const timer = setTimeout(() => proc.kill('SIGKILL'), 30_000);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** A JSON call to a running server, keeping the session cookie. */
export async function call(base: string, method: string, path: string, body?: unknown, cookie?: string) {
  const res = await fetch(base + path, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const setCookie = res.headers.get('set-cookie');
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    json: text ? JSON.parse(text) : null,
    cookie: setCookie ? setCookie.split(';')[0] : undefined,
  };
}
