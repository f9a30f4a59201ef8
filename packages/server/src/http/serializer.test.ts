import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSerializerCompiler, ResponseContractError, responseJsonSchema } from './serializer.ts';

const view = z.object({
  id: z.number().int(),
  name: z.string(),
  note: z.string().nullable(),
  state: z.enum(['Open', 'Closed']).nullable(),
  tags: z.array(z.object({ key: z.string(), value: z.union([z.string(), z.number()]) })),
  extra: z.record(z.string(), z.boolean()).optional(),
});

const compile = (check: boolean) =>
  createSerializerCompiler({ check })({ schema: view, method: 'GET', url: '/thing', httpStatus: '200' });

const answer = {
  id: 7,
  name: 'Dvořák "Ltd" \u2028 王小明',
  note: null,
  state: 'Open',
  tags: [
    { key: 'a', value: 1, secret: 'x' },
    { key: 'b', value: 'two' },
  ],
  extra: { yes: true },
  password_hash: 'never sent',
};

describe('the response serializer', () => {
  it('writes what zod would: declared fields only, in either mode', () => {
    const expected = z.parse(view, answer);
    for (const check of [false, true]) {
      const written = JSON.parse(compile(check)(answer));
      expect(written).toEqual(expected);
      expect(written).not.toHaveProperty('password_hash');
      expect(written.tags[0]).not.toHaveProperty('secret');
    }
  });

  it('writes nullable scalars as a type list, nullable enums and unions as they are', () => {
    const json = responseJsonSchema(view) as { properties: Record<string, Record<string, unknown>> };
    expect(json.properties.note).toMatchObject({ type: ['string', 'null'] });
    expect(json.properties.note).not.toHaveProperty('anyOf');
    expect(json.properties.state).toHaveProperty('anyOf');
    expect(JSON.parse(compile(false)({ ...answer, note: 'here', state: null }))).toMatchObject({
      note: 'here',
      state: null,
    });
  });

  it('drops undeclared keys of a nullable object as of any other', () => {
    const schema = z.object({ owner: z.object({ id: z.number(), name: z.string() }).nullable() });
    const json = responseJsonSchema(schema) as { properties: Record<string, Record<string, unknown>> };
    expect(json.properties.owner).toMatchObject({ type: 'object', nullable: true });
    const write = createSerializerCompiler({ check: true })({
      schema,
      method: 'GET',
      url: '/owner',
      httpStatus: '200',
    });
    expect(JSON.parse(write({ owner: { id: 1, name: 'A', password_hash: 'x', gone: undefined } }))).toEqual({
      owner: { id: 1, name: 'A' },
    });
    expect(JSON.parse(write({ owner: null }))).toEqual({ owner: null });
  });

  it('refuses, when checking, an answer that breaks its schema', () => {
    const broken = { ...answer, name: 42 };
    expect(() => compile(true)(broken)).toThrow(ResponseContractError);
    expect(() => compile(true)({ ...answer, state: 'Lost' })).toThrow(/GET \/thing/);
  });

  it('checks a 204 with zod: nothing but undefined is sent', () => {
    const none = createSerializerCompiler({ check: false })({
      schema: z.undefined(),
      method: 'DELETE',
      url: '/thing',
      httpStatus: '204',
    });
    expect(() => none({ leaked: true })).toThrow(ResponseContractError);
  });
});
