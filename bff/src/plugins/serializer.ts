import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isSettled } from '../upstream/revalidated';

type JsonSchema = Record<string, unknown>;
type Serialize = (data: unknown) => string;

/** Keywords fast-json-stringify would answer by validating each value at run time (ajv), or that need a resolver. */
const NOT_PLAIN = new Set(['anyOf', 'oneOf', 'allOf', 'not', 'if', '$ref', '$defs', 'definitions', 'patternProperties']);

/**
 * A nullable scalar as zod writes it, `anyOf: [{type: 'string', enum?}, {type: 'null'}]`, becomes
 * `{type: ['string', 'null'], enum?}`; `$schema` goes. Null when anything else is not a plain shape
 * (unions, references, ...): such a schema keeps zod's serialiser.
 */
export function plainJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) {
    const out: unknown[] = [];
    for (const item of node) {
      const plain = plainJsonSchema(item);
      if (plain === null) return null;
      out.push(plain);
    }
    return out;
  }
  if (!node || typeof node !== 'object') return node;
  const n = { ...(node as JsonSchema) };
  delete n.$schema;
  const anyOf = n.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const isNull = (s: unknown) => (s as JsonSchema | null)?.type === 'null' && Object.keys(s as JsonSchema).length === 1;
    const other = (isNull(anyOf[1]) ? anyOf[0] : isNull(anyOf[0]) ? anyOf[1] : undefined) as JsonSchema | undefined;
    if (other && typeof other.type === 'string' && other.type !== 'object' && other.type !== 'array') {
      delete n.anyOf;
      Object.assign(n, other, { type: [other.type, 'null'] });
    }
  }
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(n)) {
    if (NOT_PLAIN.has(k)) return null;
    // `properties` maps names to schemas: a property called e.g. "not" is a name, not a keyword.
    if (k === 'properties' && v && typeof v === 'object') {
      const props: JsonSchema = {};
      for (const [name, s] of Object.entries(v as JsonSchema)) {
        const plain = plainJsonSchema(s);
        if (plain === null) return null;
        props[name] = plain;
      }
      out[k] = props;
      continue;
    }
    const plain = plainJsonSchema(v);
    if (plain === null) return null;
    out[k] = plain;
  }
  return out;
}

/**
 * A top-level union whose branches are objects told apart by one property's `const` (a zod
 * discriminated union such as the session: `loggedIn: true | false`): each branch compiled on its
 * own, picked by that property. Null when the union is not of that form.
 */
function discriminated(json: JsonSchema): Serialize | null {
  const branches = (json.oneOf ?? json.anyOf) as JsonSchema[] | undefined;
  if (!Array.isArray(branches) || branches.length < 2 || Object.keys(json).some((k) => k !== 'oneOf' && k !== 'anyOf' && k !== '$schema'))
    return null;
  const consts = (b: JsonSchema) =>
    Object.entries((b.properties ?? {}) as Record<string, JsonSchema>).filter(([, p]) => p && 'const' in p && p.const !== undefined);
  const key = consts(branches[0] ?? {}).find(([name]) => branches.every((b) => consts(b).some(([n]) => n === name)))?.[0];
  if (!key) return null;
  const byValue = new Map<unknown, Serialize>();
  for (const b of branches) {
    const plain = plainJsonSchema(b);
    const value = ((b.properties as Record<string, JsonSchema>)[key] as JsonSchema).const;
    if (!plain || b.type !== 'object' || byValue.has(value)) return null;
    byValue.set(value, fastJson(plain as Parameters<typeof fastJson>[0]) as Serialize);
  }
  return (data) => {
    const serialise = byValue.get((data as Record<string, unknown> | null)?.[key]);
    if (!serialise)
      throw new Error(`response: no branch of the union has ${key} = ${String((data as Record<string, unknown> | null)?.[key])}`);
    return serialise(data);
  };
}

/** fast-json-stringify for a zod response schema whose output is a plain JSON shape (or a discriminated union of them); null otherwise. */
export function fastSerializer(schema: unknown): Serialize | null {
  if (!(schema instanceof z.ZodType)) return null;
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' }) as JsonSchema;
  } catch {
    return null;
  }
  try {
    const plain = plainJsonSchema(json);
    if (plain && typeof plain === 'object') return fastJson(plain as Parameters<typeof fastJson>[0]) as Serialize;
    return discriminated(json);
  } catch {
    return null;
  }
}

/**
 * perf (issue 26, docs/decisions/0036): answers built from our api's answers are written by
 * fast-json-stringify from the route's response schema (only the declared keys, in schema order)
 * instead of a zod check + JSON.stringify. Our api's answers go through the same normalisers as
 * the legacy's and are of the shared types already; a schema that is not a plain JSON shape
 * (unions, transforms, references) keeps zod's serialiser. In front of the legacy service the BFF
 * keeps zod's check on every answer (`app.ts`).
 */
export const fastSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const fast = fastSerializer(route.schema);
  return fast ? writtenOnce(fast) : (zodSerializerCompiler as FastifySerializerCompiler<unknown>)(route as never);
};

/**
 * A settled answer (an unchanged public list the BFF revalidated with our api, decision 0050) is
 * written once per route schema and its JSON reused while it stays settled; anything else is written
 * every time.
 */
export function writtenOnce(serialise: Serialize): Serialize {
  const written = new WeakMap<object, string>();
  return (data) => {
    if (!isSettled(data)) return serialise(data);
    let json = written.get(data);
    if (json === undefined) {
      json = serialise(data);
      written.set(data, json);
    }
    return json;
  };
}
