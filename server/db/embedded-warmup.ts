import { readFile } from 'node:fs/promises';

/**
 * The embedded database's WebAssembly (PostgreSQL and initdb, 9 MB), compiled while the rest of
 * the server loads (server/warm-up.ts, main.ts's first import, starts it; V8 compiles off the
 * main thread), so an embedded start does not wait for it after loading everything else. A
 * failure here only means PGlite compiles them itself.
 */
type Modules = { pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module };

const compile = (name: string) =>
  readFile(new URL(name, import.meta.resolve('@electric-sql/pglite'))).then((bytes) => WebAssembly.compile(bytes));

let warming: Promise<Modules | undefined> | undefined;

/** Starts compiling (once). */
export function warmUpEmbedded(): void {
  warming ??= Promise.all([compile('pglite.wasm'), compile('initdb.wasm')]).then(
    ([pgliteWasmModule, initdbWasmModule]) => ({ pgliteWasmModule, initdbWasmModule }),
    () => undefined,
  );
}

/** The compiled modules when a warm-up was started (PGlite's `pgliteWasmModule` and `initdbWasmModule`), else nothing. */
export async function warmedUpModules(): Promise<Partial<Modules>> {
  return (await warming) ?? {};
}
