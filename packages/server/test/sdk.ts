import type { FlagRule, FlagType, JsonValue, Variant } from '@tabula/protocol';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CHANGES_CHANNEL } from '../src/db/change-bus';
import type { Database } from '../src/db/client';
import { insertExperiment, insertLayer, insertVersions } from '../src/features/experiments/store';
import { insertFlag, upsertFlagEnvironment } from '../src/features/flags/store';
import { insertSegment } from '../src/features/segments/store';
import { newId } from '../src/lib/ids';
import { call, createKey, createProject, type Session, signUp } from './client';

/** A project with a client key for its production environment, as an SDK would be set up. */
export interface SdkProject {
  owner: Session;
  projectId: string;
  environments: Record<string, string>;
  clientKey: string;
  keyId: string;
}

export async function sdkProject(app: FastifyInstance): Promise<SdkProject> {
  const owner = await signUp(app);
  const project = await createProject(app, owner);
  const key = await createKey(app, owner, project.id, 'client');
  return {
    owner,
    projectId: project.id,
    environments: Object.fromEntries(project.environments.map((env) => [env.key, env.id])),
    clientKey: key.key,
    keyId: key.id,
  };
}

export async function revokeKey(app: FastifyInstance, project: SdkProject, keyId = project.keyId) {
  const response = await call(app, project.owner, {
    method: 'DELETE',
    url: `/api/v1/projects/${project.projectId}/keys/${keyId}`,
  });
  if (response.statusCode !== 204) throw new Error(`revoke failed: ${response.statusCode} ${response.body}`);
}

/** Rows the console will write once it edits flags, segments and experiments, written here through their stores. */
export async function addFlag(
  db: Database,
  projectId: string,
  flag: {
    key: string;
    type?: FlagType;
    variants?: Variant[];
    defaultVariant?: string;
    offVariant?: string;
    environments?: Record<string, { enabled: boolean; rules?: FlagRule[] }>;
    archived?: boolean;
  },
): Promise<string> {
  const id = newId();
  await insertFlag(db, {
    id,
    projectId,
    key: flag.key,
    name: flag.key,
    type: flag.type ?? 'boolean',
    variants: flag.variants ?? [
      { key: 'on', value: true },
      { key: 'off', value: false },
    ],
    defaultVariant: flag.defaultVariant ?? 'on',
    offVariant: flag.offVariant ?? 'off',
    archivedAt: flag.archived ? new Date() : null,
  });
  for (const [environmentId, state] of Object.entries(flag.environments ?? {})) {
    await upsertFlagEnvironment(db, { flagId: id, environmentId, enabled: state.enabled, rules: state.rules ?? [] });
  }
  return id;
}

export async function addSegment(db: Database, projectId: string, key: string, conditions = [country('NL')]) {
  await insertSegment(db, { id: newId(), projectId, key, name: key, conditions });
}

export const country = (code: string) => ({ attribute: 'country', operator: 'eq', values: [code] });

export async function addExperiment(
  db: Database,
  projectId: string,
  experiment: {
    key: string;
    status?: 'draft' | 'running' | 'paused' | 'stopped' | 'archived';
    kind?: 'ab' | 'visual';
    layer?: { key: string; start: number; end: number };
    pageUrl?: string;
    traffic?: number;
    versions?: { key: string; weight: number; params?: Record<string, JsonValue> }[];
  },
): Promise<string> {
  const id = newId();
  let layerId: string | null = null;
  if (experiment.layer) {
    layerId = newId();
    await insertLayer(db, { id: layerId, projectId, key: experiment.layer.key, name: experiment.layer.key });
  }
  await insertExperiment(db, {
    id,
    projectId,
    key: experiment.key,
    name: experiment.key,
    kind: experiment.kind ?? 'ab',
    status: experiment.status ?? 'running',
    traffic: experiment.traffic ?? 10_000,
    layerId,
    slotStart: experiment.layer?.start ?? null,
    slotEnd: experiment.layer?.end ?? null,
    pageUrl: experiment.pageUrl ?? null,
  });
  const versions = experiment.versions ?? [
    { key: 'control', weight: 5000 },
    { key: 'treatment', weight: 5000 },
  ];
  await insertVersions(
    db,
    versions.map((version, position) => ({
      id: newId(),
      experimentId: id,
      key: version.key,
      name: version.key,
      weight: version.weight,
      isControl: position === 0,
      params: version.params ?? {},
      position,
    })),
  );
  return id;
}

/** What another server process does after its write commits; the app under test hears it like any other. */
export async function announceChange(db: Database, projectId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${projectId})`);
}

export async function fetchPayload(app: FastifyInstance, clientKey: string, headers: Record<string, string> = {}) {
  return app.inject({ url: `/sdk/v1/payload/${clientKey}`, headers });
}

export async function revisionOf(app: FastifyInstance, clientKey: string): Promise<string> {
  const response = await fetchPayload(app, clientKey);
  if (response.statusCode !== 200) throw new Error(`payload: ${response.statusCode} ${response.body}`);
  return response.json().revision;
}

/** The CORS preflight a browser on a customer's site sends before a request of this method with these headers. */
export const preflight = (app: FastifyInstance, url: string, method: string, requestHeaders: string) =>
  app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin: 'https://shop.example.com',
      'access-control-request-method': method,
      'access-control-request-headers': requestHeaders,
    },
  });
