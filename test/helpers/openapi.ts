/**
 * Validates real response bodies (any 2xx, any method) and webhook messages against the served
 * OpenAPI document's schemas (ajv, JSON Schema 2020-12), strictly: every object schema with
 * `properties` also gets `additionalProperties: false`, so an undocumented field fails.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';

type Json = Record<string, any>;

/** Deep copy where every object schema with `properties` also gets `additionalProperties: false`. */
export function strict<T>(v: T): T {
  if (Array.isArray(v)) return v.map(strict) as T;
  if (!v || typeof v !== 'object') return v;
  const o = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, strict(x)])) as Json;
  if (o.type === 'object' && o.properties && o.additionalProperties === undefined) o.additionalProperties = false;
  return o as T;
}

/** A strict validator of `ref` (e.g. `#/components/schemas/Problem`) resolved inside `doc`'s components. */
export function compileRef(doc: Json, ref: string): ValidateFunction {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ $id: 'https://scoreline.test/openapi.json', components: strict(doc.components) });
  return ajv.compile({ $ref: `https://scoreline.test/openapi.json${ref}` });
}

/** The success status and body schema `$ref` of an operation (null ref for 204). */
export function successOf(op: Json): { status: number; ref: string | null } {
  const [status, res] = Object.entries(op.responses as Record<string, Json>).find(([c]) => c.startsWith('2'))!;
  return { status: Number(status), ref: res.content ? res.content['application/json'].schema.$ref : null };
}

/** Every operation of the document as [METHOD, path, operation]. */
export function operationsOf(doc: Json): [string, string, Json][] {
  return Object.entries(doc.paths as Record<string, Json>).flatMap(([p, methods]) =>
    Object.entries(methods).map(([m, op]) => [m.toUpperCase(), p, op as Json] as [string, string, Json]),
  );
}

/** A `webhooks` entry of the document (e.g. `webhook.test`): its body schema `$ref` and its header parameters. */
export function messageOf(doc: Json, name: string): { ref: string; headers: Json[] } {
  const post = doc.webhooks[name].post as Json;
  return {
    ref: post.requestBody.content['application/json'].schema.$ref,
    headers: (post.parameters as Json[]).filter((p) => p.in === 'header'),
  };
}
