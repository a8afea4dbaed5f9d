/**
 * Requests built from the OpenAPI document, for the hostile-input test: a plausible request for
 * every operation (valid bodies generated from the schemas, ids of real records), and the same
 * request with one field, query parameter or path parameter replaced by a hostile value.
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
    out.push({ label: 'NUL byte', value: 'a\u0000b' }, { label: 'lone surrogate', value: 'x\ud800' }, { label: 'lone low surrogate', value: '\udc00' });
  }
  if (kinds.has('string:date') || kinds.has('string:date-time')) {
    for (const day of ['0000-01-01', '0001-01-01', '0099-12-31', '1899-12-31', '9999-12-31']) {
      out.push({ label: `date ${day}`, value: kinds.has('string:date') ? day : `${day}T23:59:59.000Z` });
    }
    if (kinds.has('string:date-time')) out.push({ label: 'past 9999 by offset', value: '9999-12-31T23:00:00-05:00' });
  }
  if (kinds.has('integer') || kinds.has('number')) {
    for (const n of [2_147_483_648, -2_147_483_649, 9_007_199_254_740_991, 1e300, 2_147_483_647]) out.push({ label: `number ${n}`, value: n });
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
    out.push({ label: 'number 2^31', value: '2147483648' }, { label: 'number 10^20', value: '100000000000000000000' }, { label: 'number 2^31-1', value: '2147483647' });
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
    const next = options.map((o) => (typeof key === 'number' ? o.items : o.properties?.[key] ?? (typeof o.additionalProperties === 'object' ? o.additionalProperties : undefined))).find(Boolean);
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
