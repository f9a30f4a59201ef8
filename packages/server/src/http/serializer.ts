import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
type Serialize = (data: unknown) => string;

export class ResponseContractError extends Error {
  constructor(route: string, cause: unknown) {
    super(`The answer of ${route} does not match its declared response schema`, { cause });
    this.name = 'ResponseContractError';
  }
}

/**
 * zod's nullable, `anyOf: [{ type: T, … }, { type: 'null' }]`, as fast-json-stringify writes it
 * directly: `type: [T, 'null']` for a scalar, `nullable: true` for an object or array. Left as an anyOf,
 * it would validate every value against each branch first, and an object carrying a key its schema
 * does not declare (which it should simply drop) would match neither branch and fail the answer.
 */
function simplifyNullables(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplifyNullables);
  if (!schema || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = simplifyNullables(value);
  const branches = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(branches) && branches.length === 2) {
    const nullIndex = branches.findIndex((b) => b.type === 'null' && Object.keys(b).length === 1);
    const other = branches[1 - nullIndex];
    const simple = nullIndex !== -1 && other.enum === undefined && other.const === undefined;
    const { anyOf: _, ...rest } = out;
    if (simple && ['string', 'number', 'integer', 'boolean'].includes(other.type as string)) {
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
    if (simple && (other.type === 'object' || other.type === 'array') && other.anyOf === undefined) {
      return { ...rest, ...other, nullable: true };
    }
  }
  return out;
}

/** The JSON Schema fast-json-stringify compiles for a response schema (what the answer may hold). */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'throw' });
  return simplifyNullables(json) as JsonSchema;
}

function writeChecked(route: string, schema: z.ZodType, data: unknown) {
  const checked = z.safeEncode(schema, data);
  if (!checked.success) throw new ResponseContractError(route, checked.error);
  return JSON.stringify(checked.data);
}

/**
 * Answers are written by fast-json-stringify, compiled from each route's declared zod response schema:
 * only declared fields leave, at about a quarter of the cost of checking the answer with zod and then
 * stringifying it (a small answer's largest single cost). With `check` (every test run), each answer
 * is also checked against the zod schema and the two writings compared, so an answer that breaks its
 * contract, or a schema fast-json-stringify would write differently, fails the test that made it.
 */
export function createSerializerCompiler({
  check,
}: {
  check: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const route = `${method} ${url}`;
    // A 204's z.undefined() has no JSON Schema (and no body to write): zod checks what is sent.
    if (schema instanceof z.ZodUndefined) return (data) => writeChecked(route, schema, data);
    const write = fastJson(responseJsonSchema(schema)) as Serialize;
    if (!check) return write;
    return (data) => {
      const checked = z.safeEncode(schema, data);
      if (!checked.success) throw new ResponseContractError(route, checked.error);
      const written = write(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(JSON.stringify(checked.data)))) {
        throw new ResponseContractError(route, new Error(`written as ${written.slice(0, 500)}`));
      }
      return written;
    };
  };
}
