/** A JSON Schema as the API document writes them (draft 2020-12, as zod renders it). */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  prefixItems?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  minLength?: number;
  minItems?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  additionalProperties?: boolean | Schema;
}

export type Components = Record<string, Schema>;

const FORMATS: Record<string, string> = {
  email: 'fuzz@example.com',
  uri: 'https://example.com/fuzz',
  url: 'https://example.com/fuzz',
  'date-time': '2026-01-01T00:00:00.000Z',
  date: '2026-01-01',
  uuid: '00000000-0000-4000-8000-000000000000',
};

/**
 * A plausible value the schema accepts, from its defaults, enums, formats and minimums: a base a fuzzer changes one
 * field of at a time, so each change meets the validation of that field rather than of a missing neighbour.
 */
export function exampleOf(schema: Schema, components: Components, depth = 0): unknown {
  if (depth > 8) return null;
  if (schema.$ref) return exampleOf(components[schema.$ref.split('/').pop()!] ?? {}, components, depth + 1);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (choice) return exampleOf(choice, components, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((each) => each !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      const text = (schema.format && FORMATS[schema.format]) ?? 'fuzz';
      return text.padEnd(schema.minLength ?? 0, 'z');
    }
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => exampleOf(schema.items ?? {}, components, depth + 1));
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const key of schema.required ?? []) {
        value[key] = exampleOf(schema.properties?.[key] ?? {}, components, depth + 1);
      }
      return value;
    }
    default:
      return 'fuzz';
  }
}
