import { CSRF_HEADER } from '@tabula/protocol';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../app';
import { sdkProject } from '../sdk';
import { type Components, exampleOf, type Schema } from './examples';

interface Operation {
  method: string;
  path: string;
  parameters: { in: string; name: string }[];
  body: Schema | null;
}

interface Case {
  operation: Operation;
  what: string;
  url: string;
  payload?: string;
  contentType?: string;
}

/** Values as raw JSON text, so that what JSON.stringify cannot write (a lone surrogate, 1e400) is sent as written. */
const HOSTILE_VALUES: Record<string, string> = {
  nul: '"a\\u0000b"',
  'lone high surrogate': '"\\ud800x"',
  'lone low surrogate': '"x\\udc00"',
  'deep nesting': `${'['.repeat(2000)}${']'.repeat(2000)}`,
  'huge number': '1e308',
  'negative huge number': '-1e308',
  'number past double': '1e400',
  'long integer': '123456789012345678901234567890',
  'negative zero': '-0',
  fraction: '0.1',
  'unsafe integer': '9007199254740993',
  'minus one': '-1',
  number: '123',
  text: '"fuzz"',
  boolean: 'true',
  array: '[]',
  object: '{}',
  null: 'null',
  'long text': JSON.stringify('z'.repeat(100_000)),
};

const HOSTILE_BODIES: Record<string, string> = {
  empty: '{}',
  array: '[]',
  null: 'null',
  text: '"fuzz"',
  'broken JSON': '{"a":',
  'deep nesting': `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
  'NUL in a field name': '{"\\u0000":1}',
};

const HOSTILE_SEGMENTS: Record<string, string> = {
  nul: 'a%00b',
  'malformed escape': '%E0%A4%A',
  'encoded surrogate': '%ED%A0%80',
  'long segment': 'x'.repeat(3000),
  emoji: '%F0%9F%98%80',
  'number past double': '1e400',
  'minus one': '-1',
};

const BAD_CONTENT_TYPES = ['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data'];

/** Requests that would end the fuzzer's own session rather than test anything. */
const SKIPPED = new Set(['POST /api/v1/auth/logout', 'DELETE /api/v1/editor/session']);

function operationsOf(document: {
  paths: Record<string, Record<string, { parameters?: Operation['parameters']; requestBody?: unknown }>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const body = (operation.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content?.[
        'application/json'
      ]?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: body ?? null,
      });
    }
  }
  return operations.filter((operation) => !SKIPPED.has(`${operation.method} ${operation.path}`));
}

/** Every operation, each input of it broken one way at a time, the rest as a client would send it. */
function casesOf(operation: Operation, components: Components, values: Record<string, string>): Case[] {
  const pathWith = (broken: Record<string, string> = {}) =>
    operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => broken[name] ?? values[name] ?? 'fuzz-missing');
  const cases: Case[] = [];
  const base = operation.body ? exampleOf(operation.body, components) : undefined;
  const basePayload = base === undefined ? undefined : JSON.stringify(base);
  const withBase = (what: string, url: string): Case => ({
    operation,
    what,
    url,
    ...(basePayload !== undefined && { payload: basePayload, contentType: 'application/json' }),
  });

  for (const parameter of operation.parameters) {
    for (const [kind, segment] of Object.entries(HOSTILE_SEGMENTS)) {
      const what = `${parameter.in} ${parameter.name}: ${kind}`;
      if (parameter.in === 'path') cases.push(withBase(what, pathWith({ [parameter.name]: segment })));
      if (parameter.in === 'query') cases.push(withBase(what, `${pathWith()}?${parameter.name}=${segment}`));
    }
  }
  if (!operation.body) return cases;

  const url = pathWith();
  for (const [kind, payload] of Object.entries(HOSTILE_BODIES)) {
    cases.push({ operation, what: `body: ${kind}`, url, payload, contentType: 'application/json' });
  }
  for (const contentType of BAD_CONTENT_TYPES) {
    cases.push({ operation, what: `content type ${contentType}`, url, payload: basePayload, contentType });
  }
  cases.push({ operation, what: 'no content type', url, payload: basePayload });
  for (const path of fieldPaths(operation.body, base, components)) {
    for (const [kind, value] of Object.entries(HOSTILE_VALUES)) {
      cases.push({
        operation,
        what: `${path.join('.')}: ${kind}`,
        url,
        payload: replaceAt(base, path, value),
        contentType: 'application/json',
      });
    }
  }
  return cases;
}

/** The body's fields: every property the schema names at the top, and those of the example's nested objects. */
function fieldPaths(schema: Schema, example: unknown, components: Components): (string | number)[][] {
  const resolved = schema.$ref ? (components[schema.$ref.split('/').pop()!] ?? {}) : schema;
  const paths: (string | number)[][] = Object.keys(resolved.properties ?? {}).map((key) => [key]);
  const walk = (value: unknown, path: (string | number)[]) => {
    if (path.length >= 4 || typeof value !== 'object' || value === null) return;
    for (const [key, item] of Object.entries(value)) {
      const itemPath = [...path, Array.isArray(value) ? Number(key) : key];
      if (path.length > 0) paths.push(itemPath);
      walk(item, itemPath);
    }
  };
  walk(example, []);
  return paths;
}

/** The example as JSON text with the value at `path` replaced by raw JSON text. */
function replaceAt(example: unknown, path: (string | number)[], raw: string): string {
  const marker = '"__FUZZ_VALUE__"';
  const copy = structuredClone(example ?? {}) as Record<string | number, unknown>;
  let holder = copy;
  for (const key of path.slice(0, -1)) {
    holder[key] ??= {};
    holder = holder[key] as Record<string | number, unknown>;
  }
  holder[path.at(-1)!] = JSON.parse(marker);
  return JSON.stringify(copy).replace(marker, raw);
}

describe('the API under fuzzing, from its own OpenAPI document', () => {
  const t = useTestApp();
  let cookie: string;
  let csrfToken: string;
  let values: Record<string, string>;

  /**
   * Rows in every table: a request that was refused must leave every count as it was. Usage counts are left out: an
   * evaluation of a flag the project lacks (an OFREP 404) is counted on purpose, so that typos surface.
   */
  const rowCount = async (): Promise<number> => {
    const tables = (await t.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
          and table_name not in ('unknown_flag', 'flag_usage_hourly', 'sdk_instance')`,
    )) as unknown as { rows: { table_name: string }[] };
    const counts = tables.rows.map(({ table_name }) => `(select count(*) from "${table_name}")`).join(' + ');
    const result = (await t.database.db.execute(sql.raw(`select ${counts} as total`))) as unknown as {
      rows: { total: string | number }[];
    };
    return Number(result.rows[0]!.total);
  };

  beforeAll(async () => {
    const project = await sdkProject(t.app);
    cookie = project.owner.cookie;
    csrfToken = project.owner.csrfToken;
    values = { projectId: project.projectId, clientKey: project.clientKey, envKey: 'production' };
  });

  it('answers every broken request with a 4xx in the one error shape, and writes nothing for it', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json();
    const components: Components = document.components?.schemas ?? {};
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(70);
    const cases = operations.flatMap((operation) => casesOf(operation, components, values));

    const serverErrors: string[] = [];
    const wrote: string[] = [];
    const badShape: string[] = [];
    let before = await rowCount();
    for (const request of cases) {
      const { method } = request.operation;
      const response = await t.app.inject({
        method: method as 'GET',
        url: request.url,
        headers: {
          // The console's own origin, as its pages send: the reporting endpoints take nothing from elsewhere.
          origin: t.config.publicUrl,
          cookie,
          [CSRF_HEADER]: csrfToken,
          // OFREP names its key in a header; other routes ignore it.
          'x-api-key': values.clientKey ?? '',
          ...(request.contentType && { 'content-type': request.contentType }),
        },
        ...(request.payload !== undefined && { payload: request.payload }),
      });
      const label = `${method} ${request.operation.path} [${request.what}] → ${response.statusCode}`;
      if (response.statusCode >= 500) serverErrors.push(`${label} ${response.body.slice(0, 200)}`);
      if (response.statusCode >= 400 && response.statusCode !== 404) {
        const body = response.json() as { error?: { code?: unknown; message?: unknown }; errorDetails?: unknown };
        const oneShape = typeof body.error?.code === 'string' && typeof body.error.message === 'string';
        // OFREP's routes answer in the protocol's shape, which providers of every language read.
        const ofrepShape = request.operation.path.startsWith('/ofrep/') && typeof body.errorDetails === 'string';
        if (!oneShape && !ofrepShape) badShape.push(label);
      }
      if (method === 'GET') continue;
      const after = await rowCount();
      if (response.statusCode >= 400 && after !== before) wrote.push(label);
      before = after;
    }
    expect(cases.length).toBeGreaterThan(2000);
    expect(serverErrors).toEqual([]);
    expect(wrote).toEqual([]);
    expect(badShape).toEqual([]);
  }, 300_000);
});
