import {
  createExperimentBodySchema,
  type ExperimentStatus,
  type FlagRule,
  type FlagType,
  type JsonValue,
  type Prerequisite,
  stopExperimentBodySchema,
  type Variant,
} from '@tabula/protocol';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CHANGES_CHANNEL } from '../src/db/change-bus';
import type { Database } from '../src/db/client';
import type { Acting } from '../src/features/audit/service';
import {
  archiveExperiment,
  createExperiment,
  pauseExperiment,
  startExperiment,
} from '../src/features/experiments/service';
import { stopExperiment } from '../src/features/experiments/stop-experiment';
import { rollOutExperiment } from '../src/features/flags/service';
import { insertFlag, upsertFlagEnvironment } from '../src/features/flags/store';
import { createLayer, listLayers } from '../src/features/layers/service';
import { projectOrganization } from '../src/features/projects/service';
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

/** Flags and segments as the console writes them, written here through their stores. */
export async function addFlag(
  db: Database,
  projectId: string,
  flag: {
    key: string;
    type?: FlagType;
    variants?: Variant[];
    defaultVariant?: string;
    offVariant?: string;
    environments?: Record<string, { enabled: boolean; rules?: FlagRule[]; prerequisites?: Prerequisite[] }>;
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
    await upsertFlagEnvironment(db, {
      flagId: id,
      environmentId,
      enabled: state.enabled,
      rules: state.rules ?? [],
      prerequisites: state.prerequisites ?? [],
    });
  }
  return id;
}

export async function addSegment(db: Database, projectId: string, key: string, conditions = [country('NL')]) {
  await insertSegment(db, { id: newId(), projectId, key, name: key, conditions });
}

export const country = (code: string) => ({ attribute: 'country', operator: 'eq', values: [code] });

/** An experiment created and moved to `status` through the experiments service, as the REST API would do it. */
export async function addExperiment(
  db: Database,
  projectId: string,
  experiment: {
    key: string;
    status?: ExperimentStatus;
    kind?: 'ab' | 'visual';
    /** The range must be the first free one large enough: the layer reserves it on start. */
    layer?: { key: string; start: number; end: number };
    pageUrl?: string;
    traffic?: number;
    versions?: { key: string; weight: number; params?: Record<string, JsonValue> }[];
  },
): Promise<string> {
  const acting: Acting = {
    organizationId: (await projectOrganization(db, projectId))!,
    actor: { kind: 'system', id: null, name: null },
  };
  const { key, layer, status = 'running' } = experiment;
  const versions = experiment.versions ?? [
    { key: 'control', weight: 5000 },
    { key: 'treatment', weight: 5000 },
  ];
  const body = createExperimentBodySchema.parse({
    key,
    name: key,
    kind: experiment.kind,
    traffic: experiment.traffic,
    layer: layer?.key,
    layerSlots: layer && layer.end - layer.start,
    page: experiment.pageUrl && { url: experiment.pageUrl, match: 'exact' },
    versions: versions.map((version, position) => ({ ...version, name: version.key, isControl: position === 0 })),
  });
  return db.transaction(async (tx) => {
    if (layer && !(await listLayers(tx, projectId)).some((existing) => existing.key === layer.key)) {
      await createLayer(tx, acting, projectId, { key: layer.key, name: layer.key, description: '' });
    }
    const created = await createExperiment(tx, acting, projectId, body);
    if (status === 'archived') await archiveExperiment(tx, acting, projectId, key);
    if (status === 'draft' || status === 'archived') return created.id;
    const started = await startExperiment(tx, acting, projectId, key);
    if (layer && (started.slotStart !== layer.start || started.slotEnd !== layer.end)) {
      throw new Error(`layer ${layer.key} has slots ${started.slotStart}-${started.slotEnd} free, not the ones asked`);
    }
    if (status === 'paused') await pauseExperiment(tx, acting, projectId, key);
    if (status === 'stopped') {
      const body = stopExperimentBodySchema.parse({ outcome: 'inconclusive' });
      await stopExperiment(tx, acting, projectId, key, body, rollOutExperiment);
    }
    return created.id;
  });
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

/**
 * A project whose production serves `beta` (on for plan "pro", else off) and `hero-size` (the param of the running
 * experiment `hero`, versions small and large at 50% each).
 */
export async function sdkShop(app: FastifyInstance, db: Database): Promise<SdkProject> {
  const project = await sdkProject(app);
  const production = project.environments.production!;
  await addExperiment(db, project.projectId, {
    key: 'hero',
    versions: [
      { key: 'small', weight: 5000, params: { size: 's' } },
      { key: 'large', weight: 5000, params: { size: 'l' } },
    ],
  });
  await addFlag(db, project.projectId, {
    key: 'beta',
    environments: {
      [production]: {
        enabled: true,
        rules: [
          {
            id: 'pros',
            conditions: [{ attribute: 'plan', operator: 'eq', values: ['pro'] }],
            segments: [],
            serve: { kind: 'variant', variant: 'on' },
          },
        ],
      },
    },
    defaultVariant: 'off',
  });
  await addFlag(db, project.projectId, {
    key: 'hero-size',
    type: 'string',
    variants: [{ key: 'default', value: 'm' }],
    defaultVariant: 'default',
    offVariant: 'default',
    environments: {
      [production]: {
        enabled: true,
        rules: [
          {
            id: 'exp',
            conditions: [],
            segments: [],
            serve: { kind: 'experiment', experiment: 'hero', param: 'size' },
          },
        ],
      },
    },
  });
  return project;
}
