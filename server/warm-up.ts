import { warmUpEmbedded } from './db/embedded-warmup.ts';

// main.ts's first import: on the embedded database (no DATABASE_URL), PGlite's WebAssembly starts
// compiling before the rest of the server loads (db/embedded-warmup.ts).
if (!process.env.DATABASE_URL) warmUpEmbedded();
