import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';
import { AppError } from '../lib/app-error.ts';

/** The part of JSON Schema this module gives fast-json-stringify (`nullable` is its own keyword). */
export type SerializerSchema = {
  type?: 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';
  nullable?: true;
  properties?: Record<string, SerializerSchema>;
  required?: string[];
  additionalProperties?: false;
  items?: SerializerSchema;
};

type Def = {
  type: string;
  checks?: Array<{ _zod: { def: { check: string } } }>;
  innerType?: $ZodType;
  element?: $ZodType;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
};

const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

/** One JSON type for every value of an enum or a literal, or undefined when they mix. */
function typeOfValues(values: unknown[]): SerializerSchema | undefined {
  const types = new Set(values.map((v) => (v === null ? 'null' : typeof v)));
  if (types.size !== 1) return undefined;
  const [type] = types;
  return type === 'string' || type === 'number' || type === 'boolean' || type === 'null' ? { type } : undefined;
}

/**
 * The JSON Schema under which fast-json-stringify writes what zod's encode followed by
 * JSON.stringify writes for every answer zod accepts, or undefined when there is none this module
 * is sure of. Only plain data is converted: objects that strip unknown keys (zod's default: the
 * contract is the field whitelist, `additionalProperties: false` here), arrays, strings, numbers,
 * booleans, null, enums and literals of one type, nullable and optional fields. Anything that
 * could change a value on the way out (transforms, pipes, codecs, defaults, catches, `trim()` and
 * the other overwriting checks), unions, records, tuples, dates, lazy and loose or strict objects
 * are not: their route keeps zod's serializer. Refinements and bounds (`min`, formats, the
 * storable-text rule) only validate, so they are left out.
 */
export function serializerSchemaOf(schema: $ZodType): SerializerSchema | undefined {
  const def = defOf(schema);
  if (def.checks?.some((check) => check._zod.def.check === 'overwrite')) return undefined;
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
      return { type: def.type };
    case 'enum':
      return typeOfValues(Object.values(def.entries ?? {}));
    case 'literal':
      return typeOfValues(def.values ?? []);
    case 'nullable': {
      const inner = serializerSchemaOf(def.innerType!);
      if (!inner) return undefined;
      return inner.type === 'null' ? inner : { ...inner, nullable: true };
    }
    case 'readonly':
      return serializerSchemaOf(def.innerType!);
    case 'array': {
      const items = serializerSchemaOf(def.element!);
      return items && { type: 'array', items };
    }
    case 'object': {
      if (def.catchall) return undefined;
      const properties: Record<string, SerializerSchema> = {};
      const required: string[] = [];
      for (const [key, value] of Object.entries(def.shape ?? {})) {
        // An optional field (absent, or undefined) is left out by both.
        const optional = defOf(value).type === 'optional';
        const property = serializerSchemaOf(optional ? defOf(value).innerType! : value);
        if (!property) return undefined;
        properties[key] = property;
        if (!optional) required.push(key);
      }
      return { type: 'object', properties, required, additionalProperties: false };
    }
    default:
      return undefined;
  }
}

type Serialize = (data: unknown) => string;

const isZodSchema = (schema: unknown): schema is $ZodType => typeof schema === 'object' && schema !== null && '_zod' in schema;

/**
 * Fastify's serializer compiler for the routes' zod response schemas. Where the schema converts
 * exactly (`serializerSchemaOf`), the answer is written by fast-json-stringify, compiled once per
 * route and status at the route's first answer: the same JSON as zod's encode, a fraction of the
 * work. Fields outside the schema are dropped, as zod drops them; a missing required field is
 * still a 500. Unlike zod's encode, a value of the wrong type is written as fast-json-stringify
 * coerces it rather than refused (the handlers' return types are checked against the contract by
 * TypeScript; docs/decisions.md). Other schemas keep zod's serializer.
 *
 * `check` (the tests): every answer is also serialized by zod's encode, whose refusal stays a
 * 500, and any difference from the compiled answer (beyond key order) is an error, so every HTTP
 * test checks the two agree on the answers it sees.
 */
export function createResponseSerializerCompiler({ check = false }: { check?: boolean } = {}): {
  compiler: FastifySerializerCompiler<$ZodType>;
  /** Which serializer each route's answer got, by `METHOD url status`. */
  serializers: Map<string, 'compiled' | 'zod'>;
} {
  const serializers = new Map<string, 'compiled' | 'zod'>();
  const compiler: FastifySerializerCompiler<$ZodType> = (route) => {
    const zodSerialize = zodSerializerCompiler(route) as Serialize;
    const schema = isZodSchema(route.schema) ? serializerSchemaOf(route.schema) : undefined;
    serializers.set(`${route.method} ${route.url} ${route.httpStatus}`, schema ? 'compiled' : 'zod');
    if (!schema) return zodSerialize;
    let compiled: Serialize | undefined;
    const serialize: Serialize = (data) => {
      compiled ??= fastJsonStringify(schema) as Serialize;
      try {
        return compiled(data);
      } catch (error) {
        // Logged as zod's refusals are (error-handler.ts); the cause is fast-json-stringify's Error, not a ZodError.
        throw new ResponseSerializationError(route.method, route.url, { cause: error as never });
      }
    };
    if (!check) return serialize;
    return (data) => {
      const expected = zodSerialize(data);
      const actual = serialize(data);
      if (actual !== expected && !isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected))) {
        // An AppError, so the test that met it reads both in the answer.
        throw new AppError(
          500,
          'internal.response_mismatch',
          `${route.method} ${route.url}: compiled ${actual.slice(0, 400)}; zod ${expected.slice(0, 400)}`,
        );
      }
      return actual;
    };
  };
  return { compiler, serializers };
}
