import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../app.ts';
import { migrateDatabase, openDatabase, type Database } from '../db/client.ts';
import { createTestDatabase } from './databases.ts';
import { SESSION_COOKIE } from '../modules/auth/session.ts';
import type { PublicUser } from '../../core/contracts/auth.ts';
import type { Role } from '../../core/permissions.ts';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
};

/** The whole app on a fresh, migrated database: PGlite in memory (from global-setup.ts's copy), or a new PostgreSQL database. */
export async function createTestApp(
  options: { extend?: (app: FastifyInstance) => void } & Pick<
    AppDeps,
    | 'trustProxy'
    | 'allowedHosts'
    | 'smtpUrl'
    | 'senders'
    | 'webDir'
    | 'pageRenderer'
    | 'registrationsPerHour'
    | 'aiCallsPerMinute'
    | 'aiModel'
    | 'bus'
  > = {},
): Promise<TestApp> {
  const target = await createTestDatabase();
  const database = await openDatabase({ databaseUrl: target.url, poolSize: 5, loadDataDir: await migratedTemplate(target.url) });
  await migrateDatabase(database);
  const backupDir = await mkdtemp(path.join(tmpdir(), 'workbay-test-backups-'));
  const app = await buildApp({
    backupDir,
    database,
    sessionSecret: 'test-secret-that-is-long-enough-0123456789',
    trustProxy: options.trustProxy,
    allowedHosts: options.allowedHosts,
    smtpUrl: options.smtpUrl,
    senders: options.senders,
    webDir: options.webDir,
    pageRenderer: options.pageRenderer,
    // Tests open many workshops from one address; the throttle's own test sets the real default.
    registrationsPerHour: options.registrationsPerHour ?? 100_000,
    // Tests ask the AI many questions as one user; the limit's own test sets the real one.
    aiCallsPerMinute: options.aiCallsPerMinute ?? 100_000,
    aiModel: options.aiModel,
    bus: options.bus,
    checkResponses: true,
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      await target.drop();
      await rm(backupDir, { recursive: true, force: true });
    },
  };
}

/** The migrated embedded database global-setup.ts made, when the test runs on one and it is there. */
export async function migratedTemplate(databaseUrl: string | undefined): Promise<Blob | undefined> {
  const file = databaseUrl ? '' : inject('pgliteTemplate');
  return file ? new Blob([await readFile(file)]) : undefined;
}

/** A signed-in client: keeps its session cookie like a browser would. */
export type Client = {
  cookie: string;
  user: PublicUser;
  request(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
};

export function sessionCookieOf(res: LightMyRequestResponse): string | undefined {
  const c = res.cookies.find((x) => x.name === SESSION_COOKIE);
  return c ? `${SESSION_COOKIE}=${c.value}` : undefined;
}

export function clientFor(app: FastifyInstance, cookie: string, user: PublicUser): Client {
  const request = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: { cookie, ...headers },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
  return {
    cookie,
    user,
    request,
    get: (url) => request('GET', url),
    post: (url, body) => request('POST', url, body ?? {}),
    put: (url, body) => request('PUT', url, body ?? {}),
    patch: (url, body) => request('PATCH', url, body ?? {}),
    delete: (url) => request('DELETE', url),
  };
}

let counter = 0;
export const uniqueName = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e4)}`;

export const TEST_PASSWORD = 'correct-horse-1';

/** Registers an account (the first on a fresh database administers workshop 1; later ones open a new workshop). */
export async function registerAdmin(app: FastifyInstance, overrides: Partial<Record<string, string>> = {}): Promise<Client> {
  const username = overrides.username ?? uniqueName('admin');
  const res = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      username,
      password: TEST_PASSWORD,
      email: `${username}@example.com`,
      firstName: 'Amal',
      lastName: 'Haddad',
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return clientFor(app, sessionCookieOf(res)!, res.json());
}

export async function login(app: FastifyInstance, username: string, password: string): Promise<Client> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return clientFor(app, sessionCookieOf(res)!, res.json());
}

/** An admin creates a staff account, whose owner signs in with the password the admin gave: they must set their own first. */
export async function addStaffAtFirstSignIn(app: FastifyInstance, admin: Client, role: Role, firstName = 'Sami'): Promise<Client> {
  const username = uniqueName(role);
  const created = await admin.post('/api/users', {
    username,
    firstName,
    lastName: role,
    email: `${username}@example.com`,
    role,
    password: 'initial-pass-1',
  });
  if (created.statusCode !== 201) throw new Error(`create staff failed: ${created.statusCode} ${created.body}`);
  return login(app, username, 'initial-pass-1');
}

/** An admin creates a staff account; its owner signs in and sets their own password, as at a first sign-in. */
export async function addStaff(app: FastifyInstance, admin: Client, role: Role, firstName = 'Sami'): Promise<Client> {
  const first = await addStaffAtFirstSignIn(app, admin, role, firstName);
  const username = first.user.username;
  const changed = await first.post('/api/user/password', { currentPassword: 'initial-pass-1', newPassword: TEST_PASSWORD });
  if (changed.statusCode !== 204) throw new Error(`password change failed: ${changed.statusCode} ${changed.body}`);
  return login(app, username, TEST_PASSWORD);
}

export type Workshop = { admin: Client; manager: Client; technician: Client; tenantId: number };

/** A workshop with an admin, a manager and a technician: the starting point of every role test. */
export async function createWorkshop(app: FastifyInstance): Promise<Workshop> {
  const admin = await registerAdmin(app);
  const manager = await addStaff(app, admin, 'manager', 'Mona');
  const technician = await addStaff(app, admin, 'technician', 'Tariq');
  return { admin, manager, technician, tenantId: admin.user.tenantId };
}
