// First: the embedded database's WebAssembly compiles while everything below loads.
import './warm-up.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, readConfig } from './config.ts';
import { migrateDatabase, openDatabase, type Database } from './db/client.ts';
import { DataDirLockedError, loadSessionSecret, lockDataDir } from './lib/data-dir.ts';
import { buildApp } from './app.ts';

/**
 * The built web app: dist/web beside the compiled server (dist/server/main.js, what `npm start`
 * runs), or dist/web of the checkout when the server runs from its TypeScript source.
 */
const compiled = import.meta.url.endsWith('.js');
const defaultWebDir = fileURLToPath(new URL(compiled ? '../web' : '../dist/web', import.meta.url));
/**
 * The page renderer built with the compiled server (dist/server/ssr), from the same sources as
 * the web app beside it. From the TypeScript source there is none: pages render in the browser.
 */
const pageRenderer = compiled ? fileURLToPath(new URL('./ssr/entry-server.js', import.meta.url)) : undefined;

/** One clear line and exit, instead of a stack trace, for what an operator can fix. */
function fail(message: string): never {
  process.stderr.write(`workbay: ${message}\n`);
  process.exit(1);
}

async function main() {
  let config;
  try {
    config = readConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }

  let releaseLock = () => {};
  if (!config.databaseUrl) {
    try {
      releaseLock = lockDataDir(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError) fail(err.message);
      throw err;
    }
  }
  const sessionSecret = loadSessionSecret(config.dataDir, config.sessionSecret);

  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
    await migrateDatabase(database);
  } catch (err) {
    releaseLock();
    const detail = err instanceof Error ? err.message.split('\n')[0] : String(err);
    fail(`cannot open the database (${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}): ${detail}`);
  }

  const app = await buildApp({
    database,
    sessionSecret,
    trustProxy: config.trustProxy,
    allowedHosts: config.allowedHosts,
    smtpUrl: config.smtpUrl,
    notificationSchedule: true,
    registrationsPerHour: config.registrationsPerHour,
    aiModel: config.aiModel,
    webDir: config.webDir ?? defaultWebDir,
    backupDir: path.join(config.dataDir, 'backups'),
    pageRenderer,
    logger: { level: config.logLevel },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    try {
      await app.close();
      await database.close();
    } finally {
      releaseLock();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await database.close();
    releaseLock();
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail(`port ${config.port} is already in use; set PORT to another one`);
    fail(`cannot listen on ${config.host}:${config.port}: ${(err as Error).message}`);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  process.stdout.write(`Workbay is running at http://${shownHost}:${port}\n`);
}

main().catch((err) => {
  process.stderr.write(`workbay: failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
