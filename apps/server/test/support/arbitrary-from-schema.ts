import fc from 'fast-check';
import { type ZodType, z } from 'zod';

/** Characters that break naive code: NUL, lone surrogates, bidi overrides, zero-width, emoji. */
export const HOSTILE_CHARACTERS = [
  '\u0000',
  '\uD800',
  '\uDFFF',
  '\u202E',
  '\u200F',
  'مرحبا',
  'שלום',
  '\u200B',
  '\u200D',
  '\uFEFF',
  '👩🏽‍🚀',
  '🇮🇳',
  'e\u0301',
  'नमस्ते',
  '\n',
  '\t',
  '"',
  '\\',
  "'; drop table users; --",
  '<script>',
  '%00',
  '../',
] as const;

/** A string of ordinary and hostile pieces, at most `maxLength` UTF-16 units long. */
export function hostileString(minLength = 0, maxLength = 60): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 4 }) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_CHARACTERS) },
  );
  return fc
    .array(piece, { maxLength: 12 })
    .map((pieces) => pieces.join(''))
    .map((text) => text.slice(0, maxLength))
    .map((text) => (text.length >= minLength ? text : text.padEnd(minLength, 'x')));
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
};

/** The route schema's input shape as JSON Schema (what its OpenAPI document shows). */
export function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return null;
  return z.toJSONSchema(schema as ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/**
 * Values shaped like the schema (right field names and types, lengths near its limits) whose
 * strings are hostile: valid often enough to get past validation into services and storage.
 */
export function arbitraryOf(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => arbitraryOf(s, depth)));
  if (schema.allOf?.[0]) return arbitraryOf(schema.allOf[0], depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000_000, -1_000_000_000),
        max: Math.min(schema.maximum ?? 1_000_000, 1_000_000_000),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e9,
        max: schema.maximum ?? 1e9,
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(depth > 4 ? fc.constant(null) : arbitraryOf(schema.items ?? {}, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties)) {
        model[key] = depth > 4 ? fc.constant(null) : arbitraryOf(value, depth + 1);
      }
      return fc.record(model, {
        requiredKeys: Object.keys(properties).filter((key) => required.has(key)),
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 80, 200);
  switch (schema.format) {
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'email':
      return fc.emailAddress();
    case 'uuid':
      return fc.uuid();
    default:
      return fc.oneof(
        hostileString(min, max),
        fc.string({ unit: 'binary', minLength: min, maxLength: max }),
        fc.stringMatching(/^[a-z0-9_]{3,20}$/),
      );
  }
}

/** Breaks a valid-ish value the ways clients do: wrong types, missing and extra fields. */
export function mutationOf(value: unknown): fc.Arbitrary<unknown> {
  const wrongValue = fc.oneof(
    fc.constant(null),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant([]),
    fc.constant({}),
    fc.constant('NaN'),
    fc.constant(-1),
    fc.constant(Number.MAX_SAFE_INTEGER),
    hostileString(),
    fc.array(fc.string(), { maxLength: 3 }),
  );
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return fc.oneof(wrongValue, fc.jsonValue({ maxDepth: 3 }));
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  const options: fc.Arbitrary<unknown>[] = [
    // An extra field, possibly a prototype-polluting one.
    fc
      .tuple(
        fc.constantFrom('extra', '__proto__', 'constructor', 'role', 'userId', 'id'),
        wrongValue,
      )
      .map(([key, extra]) => ({ ...record, [key]: extra })),
    fc.jsonValue({ maxDepth: 3 }),
  ];
  if (keys.length > 0) {
    // A field with the wrong type; a missing field.
    options.push(
      fc
        .tuple(fc.constantFrom(...keys), wrongValue)
        .map(([key, wrong]) => ({ ...record, [key]: wrong })),
      fc.constantFrom(...keys).map((key) => {
        const { [key]: _gone, ...rest } = record;
        return rest;
      }),
    );
  }
  return fc.oneof(...options);
}
