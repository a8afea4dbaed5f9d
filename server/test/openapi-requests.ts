import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { addStaff, createTestApp, login, registerAdmin, TEST_PASSWORD, type Client, type TestApp } from './app.ts';

/**
 * Requests built from the OpenAPI document, for the tests that cover every operation without
 * anyone writing a test per route (hostile inputs, isolation and roles): a seeded workshop whose
 * real ids fill paths and bodies, a plausible request for every operation (bodies generated from
 * the schemas), and hostile values to put in one field at a time.
 */

type Schema = {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  nullable?: boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  items?: Schema;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
};

export type Parameter = { in: 'path' | 'query'; name: string; required?: boolean; schema: Schema };
export type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Schema;
  /** Who may call it (the route's config.access, as openapi.ts publishes it in x-access). */
  access?: 'public' | 'user' | string[];
};

/** The operations of an OpenAPI document, with their JSON bodies' schemas. */
export function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const content = (op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content;
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters as Parameter[] | undefined) ?? [],
        body: content?.['application/json']?.schema,
        access: op['x-access'] as Operation['access'],
      });
    }
  }
  return ops;
}

let serial = 0;
const digits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, '0');

/** Values for the few patterns the contracts use (a number must be free, so it is random). */
const PATTERN_EXAMPLES: Array<[string, () => string]> = [
  ['^JC-', () => `JC-${digits(6)}`],
  ['^EST-', () => `EST-${digits(6)}`],
  ['^INV-', () => `INV-${digits(6)}`],
  ['^APT-', () => `APT-${digits(6)}`],
  ['^[A-Z]{3}$', () => 'USD'],
  ['^\\d{1,3}(\\.\\d{1,2})?$', () => '10.00'],
  ['^([01]\\d|2[0-3]):[0-5]\\d$', () => '09:30'],
  ['^\\d{4}-\\d{2}-\\d{2}$', () => '2030-06-17'],
  ['^[A-Za-z0-9._-]+$', () => `fuzz.${Date.now().toString(36)}${serial++}`],
];

/** A value the caller knows a field by its name needs (a real record's id, a known time zone), if any. */
export type FieldValues = (field: string) => unknown;

/** A valid value for a schema, taking the caller's value for the fields it knows by name. */
export function sample(schema: Schema, field: string, ids: FieldValues): unknown {
  const known = ids(field);
  const fits = schema.type === 'array' ? Array.isArray(known) : !schema.enum || schema.enum.includes(known);
  if (known !== undefined && fits) return known;
  if (schema.anyOf || schema.oneOf) {
    const options = (schema.anyOf ?? schema.oneOf)!.filter((o) => !(o.enum && o.enum.length === 1 && o.enum[0] === ''));
    return sample(options[options.length - 1] ?? schema.anyOf![0], field, ids);
  }
  if (schema.allOf) return sample(schema.allOf[0], field, ids);
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, prop] of Object.entries(schema.properties ?? {})) out[name] = sample(prop, name, ids);
      if (!schema.properties && typeof schema.additionalProperties === 'object') out.name = `Fuzz ${serial++}`;
      return out;
    }
    case 'array': {
      const n = Math.max(1, schema.minItems ?? 0);
      return Array.from({ length: n }, () => sample(schema.items ?? {}, field.replace(/s$/, ''), ids));
    }
    case 'boolean':
      return true;
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
      const max = typeof schema.maximum === 'number' ? schema.maximum : 1000;
      const value = Math.min(Math.max(min, schema.exclusiveMinimum !== undefined ? min + 1 : min, 1), max);
      return schema.type === 'integer' ? Math.ceil(value) : value;
    }
    case 'string': {
      // Dates some years ahead: bookings and appointments must be in the future.
      if (schema.format === 'date') return '2030-06-17';
      if (schema.format === 'date-time') return '2030-06-17T09:00:00.000Z';
      if (schema.format === 'email') return `fuzz${serial++}@example.com`;
      if (schema.pattern) {
        const known = PATTERN_EXAMPLES.find(([start]) => schema.pattern!.startsWith(start));
        if (known) return known[1]();
      }
      const text = `Fuzz ${field} ${serial++}`;
      return text.slice(0, Math.max(schema.minLength ?? 1, Math.min(text.length, schema.maxLength ?? text.length)));
    }
    default:
      return 'fuzz';
  }
}

export type Variant = { label: string; value: unknown };

/** Values an attacker sends instead of a field's own: the classes the probe found answering 500. */
export function variantsFor(schema: Schema): Variant[] {
  const kinds = new Set<string>();
  const collect = (s: Schema) => {
    for (const o of s.anyOf ?? s.oneOf ?? []) collect(o);
    if (s.type) kinds.add(s.format ? `${s.type}:${s.format}` : s.type);
    if (s.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) kinds.add('string:date');
  };
  collect(schema);
  const out: Variant[] = [];
  if ([...kinds].some((k) => k.startsWith('string'))) {
    out.push(
      { label: 'NUL byte', value: 'a\u0000b' },
      { label: 'lone surrogate', value: 'x\ud800' },
      { label: 'lone low surrogate', value: '\udc00' },
    );
  }
  if (kinds.has('string:date') || kinds.has('string:date-time')) {
    for (const day of ['0000-01-01', '0001-01-01', '0099-12-31', '1899-12-31', '9999-12-31']) {
      out.push({ label: `date ${day}`, value: kinds.has('string:date') ? day : `${day}T23:59:59.000Z` });
    }
    if (kinds.has('string:date-time')) out.push({ label: 'past 9999 by offset', value: '9999-12-31T23:00:00-05:00' });
  }
  if (kinds.has('integer') || kinds.has('number')) {
    for (const n of [2_147_483_648, -2_147_483_649, 9_007_199_254_740_991, 1e300, 2_147_483_647])
      out.push({ label: `number ${n}`, value: n });
  }
  return out;
}

/** The query-string and path spellings of the same hostile values. */
export function textVariantsFor(schema: Schema): Variant[] {
  const kinds = variantsFor(schema).map((v) => v.value);
  const out: Variant[] = [
    { label: 'NUL byte', value: 'a%00b' },
    { label: 'invalid UTF-8 (a lone surrogate)', value: '%ED%A0%80' },
  ];
  if (kinds.some((k) => typeof k === 'number')) {
    out.push(
      { label: 'number 2^31', value: '2147483648' },
      { label: 'number 10^20', value: '100000000000000000000' },
      { label: 'number 2^31-1', value: '2147483647' },
    );
  }
  if (kinds.some((k) => typeof k === 'string' && /^\d{4}-/.test(k)) || schema.format === 'date') {
    for (const day of ['0000-01-01', '0001-01-01', '9999-12-31', '9999-12-25']) out.push({ label: `date ${day}`, value: day });
  }
  return out;
}

/** Every leaf of a generated body, as a path of keys. */
export function leafPaths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value)) return value.flatMap((v, i) => leafPaths(v, [...prefix, i]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => leafPaths(v, [...prefix, k]));
  }
  return [prefix];
}

/** The schema at a path of a body's schema (through arrays, unions and nullables). */
export function schemaAt(schema: Schema, path: Array<string | number>): Schema {
  let s = schema;
  for (const key of path) {
    const options = s.anyOf ?? s.oneOf ?? [s];
    const next = options
      .map((o) =>
        typeof key === 'number'
          ? o.items
          : (o.properties?.[key] ?? (typeof o.additionalProperties === 'object' ? o.additionalProperties : undefined)),
      )
      .find(Boolean);
    if (!next) return {};
    s = next;
  }
  return s;
}

export function withValue(body: unknown, path: Array<string | number>, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  target[path[path.length - 1]] = value;
  return copy;
}

// --- A seeded workshop whose real records fill the requests ---

/** Operations no generated request can take as they are: signing out ends the session the tests run in; seeding adds a whole batch. */
export const UNGENERATED = new Set(['POST /api/logout', 'POST /api/admin/seed-database']);
/** Sign-in and registration start a session of their own: sent without a cookie. */
export const ANONYMOUS = new Set(['POST /api/register', 'POST /api/login']);

/** Values fields need to be accepted, by name, beside other records' ids: rules the schemas do not state. */
const FIELD_VALUES: Record<string, unknown> = {
  year: 2020,
  startTime: '08:00',
  endTime: '17:00',
  timeZone: 'Asia/Dubai',
  role: 'technician',
  entityType: 'task',
  itemType: 'part',
  // A week: a report's period (analytics), a plan's days (ai/optimize-schedule).
  from: '2030-06-17',
  to: '2030-06-23',
};

/** The record a body field or query parameter names, by its name. */
const ID_FIELDS: Record<string, string> = {
  customerId: 'customers',
  vehicleId: 'vehicles',
  sparePartId: 'spare-parts',
  technicianId: 'technicians',
  assignedTo: 'technicians',
  skill: 'skills',
  skills: 'skills',
  shiftId: 'shifts',
  userId: 'users',
  taskId: 'tasks',
  entityId: 'tasks',
  maintenanceScheduleId: 'maintenance-schedules',
  jobCardId: 'job-cards',
  estimateId: 'estimates',
  conversationId: 'conversations',
};

const VIN = '1HGCM82633A004352';

export type SeededWorkshop = {
  admin: Client;
  /** A technician of the workshop, with their own login. */
  technician: Client;
  tenantId: number;
  /** Real ids of the workshop's records, by resource (the path segment naming them). */
  ids: Map<string, number>;
  /** The value of a path parameter of an operation; throws for one it does not know, so a new route must be taught. */
  pathValue(op: Operation, name: string): string;
  /** A valid value for a body field or query parameter known by name (an id of this workshop, a time zone), if any. */
  valueFor(field: string): unknown;
  /**
   * A plausible body for the operation: an example where the schema cannot say enough, else
   * generated; `refs` collects the fields that name one of the workshop's records.
   */
  body(op: Operation, refs?: Set<string>): unknown;
  /** The URL of an operation with these path values and query. */
  url(op: Operation, path?: Record<string, string>, query?: Record<string, string>): string;
  /** The operation's required query parameters, each with a value this workshop knows (else `x`), URL-encoded. */
  requiredQuery(op: Operation): Record<string, string>;
};

async function firstId(admin: Client, url: string): Promise<number> {
  const res = await admin.get(url);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  const body = res.json();
  const rows = Array.isArray(body) ? body : [];
  if (!rows[0]?.id) throw new Error(`${url}: no rows`);
  return rows[0].id;
}

/** A workshop with an admin and a technician, seeded with sample data, and a few records the seed has none of. */
export async function seedWorkshop(app: FastifyInstance): Promise<SeededWorkshop> {
  const admin = await registerAdmin(app);
  const technician = await addStaff(app, admin, 'technician');
  const ids = new Map<string, number>([['users', technician.user.id]]);
  const seeded = await admin.post('/api/admin/seed-database', {});
  if (seeded.statusCode >= 300) throw new Error(`seed: ${seeded.statusCode} ${seeded.body}`);
  const tenant = `/api/tenants/${admin.user.tenantId}`;
  const lists: Record<string, string> = {
    technicians: '/api/technicians',
    tasks: '/api/tasks?status=assigned',
    skills: '/api/skills',
    customers: `${tenant}/customers`,
    vehicles: `${tenant}/vehicles`,
    'spare-parts': `${tenant}/spare-parts`,
    'job-cards': `${tenant}/job-cards`,
    shifts: `${tenant}/shifts`,
    'shift-assignments': `${tenant}/shift-assignments`,
    fleet: `${tenant}/fleet`,
    'service-reminders': `${tenant}/service-reminders`,
    'service-bookings': `${tenant}/service-bookings`,
    appointments: `${tenant}/appointments`,
    estimates: `${tenant}/estimates`,
    invoices: `${tenant}/invoices?status=sent`,
  };
  for (const [name, url] of Object.entries(lists)) ids.set(name, await firstId(admin, url));
  // The vehicle must be the customer's, for the calls that check it.
  const vehicle = (await admin.get(`/api/vehicles/${ids.get('vehicles')}`)).json();
  ids.set('customers', vehicle.customerId);
  const customerEmail: string = (await admin.get(`/api/customers/${vehicle.customerId}`)).json().email;
  const schedule = await admin.post(`/api/vehicles/${vehicle.id}/maintenance-schedules`, {
    serviceName: 'Oil change',
    intervalMonths: 6,
    lastServiceDate: '2026-01-10',
  });
  if (schedule.statusCode !== 201) throw new Error(`schedule: ${schedule.statusCode} ${schedule.body}`);
  ids.set('maintenance-schedules', schedule.json().id);
  const predicted = await admin.post(`${tenant}/ai/predict-maintenance`, {
    vehicleId: vehicle.id,
    mileage: (vehicle.mileage ?? 0) + 500_000,
  });
  if (predicted.statusCode !== 200) throw new Error(`predict-maintenance: ${predicted.statusCode} ${predicted.body}`);
  ids.set('maintenance-predictions', predicted.json().predictions[0].id);
  const today = new Date().toISOString().slice(0, 10);
  const optimized = await admin.post(`${tenant}/ai/optimize-schedule`, { schedulingData: { from: today, to: today } });
  if (optimized.statusCode !== 200) throw new Error(`optimize-schedule: ${optimized.statusCode} ${optimized.body}`);
  ids.set('schedule-optimizations', optimized.json().id);
  const note = await admin.post(`/api/customers/${vehicle.customerId}/notes`, { note: 'A note' });
  if (note.statusCode !== 201) throw new Error(`note: ${note.statusCode} ${note.body}`);
  ids.set('notes', note.json().id);
  // A second session of the admin (another browser), for the calls that sign one out: never the
  // session these requests run in.
  await login(app, admin.user.username, TEST_PASSWORD);
  const mine = (await admin.get('/api/user/sessions')).json() as Array<{ id: number; current: boolean }>;
  const other = mine.find((session) => !session.current);
  if (!other) throw new Error(`sessions: ${JSON.stringify(mine)}`);
  ids.set('sessions', other.id);
  // In-app notifications go to the assigned technician's own login, not to this admin: the
  // admin's calls on this one answer 404 as they are.
  ids.set('notifications', 1);
  const upload = await app.inject({
    method: 'POST',
    url: `/api/attachments?entityType=task&entityId=${ids.get('tasks')}`,
    headers: { cookie: admin.cookie, 'content-type': 'multipart/form-data; boundary=X' },
    payload: '--X\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--X--\r\n',
  });
  if (upload.statusCode !== 201) throw new Error(`upload: ${upload.statusCode} ${upload.body}`);
  ids.set('attachments', upload.json().id);
  // AI records (a job estimation and a parts recommendation) from the seeded history.
  const estimation = await admin.post(`${tenant}/ai/estimate-job`, { jobDescription: 'Brake service', vehicleId: vehicle.id });
  if (estimation.statusCode !== 200) throw new Error(`estimate-job: ${estimation.statusCode} ${estimation.body}`);
  ids.set('job-estimations', estimation.json().id);
  const recommendation = await admin.post(`${tenant}/ai/recommend-parts`, {
    serviceType: 'Brake service',
    vehicleMake: vehicle.make,
    vehicleModel: vehicle.model,
  });
  if (recommendation.statusCode !== 200) throw new Error(`recommend-parts: ${recommendation.statusCode} ${recommendation.body}`);
  ids.set('parts-recommendations', recommendation.json().id);
  // A workshop backup, finished (its download answers the same at every call).
  const backup = await admin.post(`${tenant}/backups`, {});
  if (backup.statusCode !== 202) throw new Error(`backup: ${backup.statusCode} ${backup.body}`);
  for (;;) {
    const job = (await admin.get(`${tenant}/backups/${backup.json().id}`)).json();
    if (job.status === 'completed') break;
    if (job.status !== 'queued' && job.status !== 'running') throw new Error(`backup: ${job.status}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
  ids.set('backups', backup.json().id);
  const conversation = await admin.post(`${tenant}/ai/chat`, { message: 'How many job cards are open?' });
  if (conversation.statusCode !== 200) throw new Error(`chat: ${conversation.statusCode} ${conversation.body}`);
  ids.set('conversations', conversation.json().conversationId);

  /** Bodies the generator cannot guess: CSV imports are rows keyed by the file's column names. */
  const examples: Record<string, () => unknown> = {
    'POST /api/customers/import': () => ({
      rows: [
        {
          firstName: 'Fuzz',
          lastName: 'Import',
          email: `imp${Date.now()}${serial++}@example.com`,
          phone: `+97150${(Date.now() + serial++) % 10_000_000}`,
          address: 'a',
          city: 'c',
          postalCode: '1',
          notes: 'n',
        },
      ],
      dryRun: false,
    }),
    'POST /api/vehicles/import': () => ({
      rows: [
        {
          customerEmail,
          make: 'Toyota',
          model: 'Corolla',
          year: '2020',
          plateNumber: `F${(Date.now() + serial++) % 1e6}`,
          vin: '',
          color: 'red',
          mileage: '1000',
        },
      ],
      dryRun: false,
    }),
    'POST /api/spare-parts/import': () => ({
      rows: [
        {
          name: 'Fuzz part',
          sku: `FZ-${Date.now()}-${serial++}`,
          category: 'Filters',
          quantity: '3',
          minQuantity: '1',
          unitPrice: '4.50',
          supplier: 's',
          location: 'A1',
        },
      ],
      dryRun: false,
    }),
    'POST /api/user/password': () => ({ currentPassword: 'not-the-password', newPassword: 'another-fuzz-pass-9' }),
  };
  const valueFor = (field: string) => (ID_FIELDS[field] ? ids.get(ID_FIELDS[field]) : FIELD_VALUES[field]);

  const workshop: SeededWorkshop = {
    admin,
    technician,
    tenantId: admin.user.tenantId,
    ids,
    valueFor,
    pathValue(op, name) {
      if (name === 'tenantId') return String(admin.user.tenantId);
      if (name === 'userId') return String(technician.user.id);
      if (name === 'vin') return VIN;
      if (name === 'noteId') return String(ids.get('notes'));
      if (name === 'permission') return 'reports.view';
      if (name === 'flag') return 'analytics';
      const segments = op.path.split('/');
      const resource = segments[segments.indexOf(`{${name}}`) - 1];
      const alias: Record<string, string> = { 'fleet-vehicles': 'fleet' };
      const id = ids.get(alias[resource] ?? resource);
      if (id === undefined)
        throw new Error(`no id for ${op.method} ${op.path} {${name}} (${resource}): teach server/test/openapi-requests.ts`);
      return String(id);
    },
    body(op, refs) {
      if (!op.body) return undefined;
      const noting = (field: string) => {
        const value = valueFor(field);
        if (refs && ID_FIELDS[field] && value !== undefined) refs.add(field);
        return value;
      };
      return examples[`${op.method} ${op.path}`]?.() ?? sample(op.body, '', noting);
    },
    url(op, path = {}, query = {}) {
      const filled = op.path.replace(/\{(\w+)\}/g, (_, name: string) => path[name] ?? workshop.pathValue(op, name));
      const qs = Object.entries(query)
        .map(([k, v]) => `${k}=${v}`)
        .join('&');
      return qs ? `${filled}?${qs}` : filled;
    },
    requiredQuery(op) {
      return Object.fromEntries(
        op.parameters
          .filter((p) => p.in === 'query' && p.required)
          .map((p) => [p.name, encodeURIComponent(String(valueFor(p.name) ?? 'x'))]),
      );
    },
  };
  return workshop;
}

/**
 * The app and a seeded workshop for a test file's tests: made before the first, closed after the
 * last. Read `t` and `w` inside the tests.
 */
export function useSeededWorkshop(): { readonly t: TestApp; readonly w: SeededWorkshop } {
  const fixture = {} as { t: TestApp; w: SeededWorkshop };
  beforeAll(async () => {
    fixture.t = await createTestApp();
    fixture.w = await seedWorkshop(fixture.t.app);
  }, 120_000);
  afterAll(async () => fixture.t?.close());
  return fixture;
}

export type Sent = { status: number; body: string };

/** Sends a request as a client (or anonymously); a response cut off half-way answers 599. */
export async function sendAs(app: FastifyInstance, client: Client | null, method: string, url: string, body: unknown): Promise<Sent> {
  try {
    const res: LightMyRequestResponse = client
      ? await client.request(method, url, body)
      : await app.inject({ method: method as 'POST', url, ...(body !== undefined ? { payload: body as object } : {}) });
    return { status: res.statusCode, body: res.body.slice(0, 300) };
  } catch (err) {
    return { status: 599, body: `connection aborted: ${(err as Error).message}` };
  }
}

/** The operations of the running app's /api/openapi.json, reads first and deletes last. */
export async function operationsOfApp(app: FastifyInstance): Promise<Operation[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  const order = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
  return operationsOf(doc).sort((a, b) => order.indexOf(a.method) - order.indexOf(b.method));
}
