import { createHash } from 'node:crypto';
import {
  type Condition,
  HASHED_OPERATORS,
  PAYLOAD_FORMAT,
  type PayloadExperiment,
  type PayloadFlag,
  type PayloadSegment,
  type SdkPayload,
} from '@tabula/protocol';
import type { Database } from '../../db/client';
import type { ClientKeyGrant } from '../api-keys/service';
import { listRunningExperiments, type RunningExperiment } from '../experiments/service';
import { type EnvironmentFlag, listEnvironmentFlags } from '../flags/service';
import { type HoldoutCover, runningHoldoutCover } from '../holdouts/service';
import { environmentPayloadKey, getProject } from '../projects/service';
import { listSegments, type Segment } from '../segments/service';
import { clickSelectorsOf, visualChangesOf } from './visual';

export type PayloadScope = Pick<ClientKeyGrant, 'projectId' | 'environmentId' | 'environmentKey'>;

/** What a payload carries is SHA-256 digests of the values a hashed operator lists, never the values themselves. */
const isHashed = (operator: string): boolean => (HASHED_OPERATORS as readonly string[]).includes(operator);
const digest = (value: unknown): string => createHash('sha256').update(String(value)).digest('hex');
const served = (conditions: Condition[]): Condition[] =>
  conditions.map((condition) =>
    isHashed(condition.operator) ? { ...condition, values: condition.values.map(digest) } : condition,
  );

const toSegment = (segment: Segment): PayloadSegment => ({ key: segment.key, conditions: served(segment.conditions) });

const toFlag = (flag: EnvironmentFlag): PayloadFlag => ({
  key: flag.key,
  type: flag.type,
  variants: flag.variants,
  defaultVariant: flag.defaultVariant,
  offVariant: flag.offVariant,
  enabled: flag.enabled,
  rules: flag.rules.map((rule) => ({ ...rule, conditions: served(rule.conditions) })),
  ...(flag.prerequisites.length > 0 ? { prerequisites: flag.prerequisites } : {}),
  ...(Object.keys(flag.metadata).length > 0 ? { metadata: flag.metadata } : {}),
});

const toExperiment = (
  experiment: RunningExperiment,
  project: { id: string; customScripts: boolean },
): PayloadExperiment => ({
  key: experiment.key,
  kind: experiment.kind,
  unitAttribute: experiment.unitAttribute,
  traffic: experiment.traffic,
  phase: experiment.phase,
  conditions: served(experiment.conditions),
  segments: experiment.segments,
  layer:
    experiment.layerKey !== null && experiment.slotStart !== null && experiment.slotEnd !== null
      ? { key: experiment.layerKey, start: experiment.slotStart, end: experiment.slotEnd }
      : null,
  page: experiment.pageUrl === null ? null : { url: experiment.pageUrl, match: experiment.pageMatch },
  versions: experiment.versions.map((version) => ({
    key: version.key,
    name: version.name,
    weight: version.weight,
    isControl: version.isControl,
    params: version.params,
    ...(experiment.kind === 'visual' && visualChangesOf(version.changeRecords, project)),
  })),
});

/** The piece with the project's running holdout on it, when the holdout covers it (`covers`: all, or these keys). */
function heldOut<Piece extends PayloadFlag | PayloadExperiment>(
  piece: Piece,
  covers: boolean | string[] | undefined,
  cover: HoldoutCover | null,
): Piece {
  const covered = covers === true || (Array.isArray(covers) && covers.includes(piece.key));
  return covered && cover ? { ...piece, holdout: cover.holdout } : piece;
}

/**
 * Equal content, equal revision: a rebuild that changed nothing keeps every SDK's cached copy (and ETag) valid. The
 * payload key counts too, so SDKs fetch the payload again when it is encrypted, decrypted or given a new key.
 */
function revisionOf(content: Omit<SdkPayload, 'revision' | 'generatedAt'>, payloadKey: string | null): string {
  const hash = createHash('sha256').update(JSON.stringify(content));
  if (payloadKey !== null) hash.update(payloadKey);
  return hash.digest('base64url').slice(0, 22);
}

/** An environment's payload, and the key it is served encrypted with (null: in clear). */
export interface BuiltPayload {
  payload: SdkPayload;
  payloadKey: string | null;
}

/**
 * Everything one environment needs to evaluate locally, in a stable order. A flag with no variants or a running
 * experiment with no versions cannot be served and is left out; the console does not let either be saved. Visual
 * experiments' element rules are converted here, so each is converted once per change, not per request.
 */
export async function buildPayload(db: Database, scope: PayloadScope, now = new Date()): Promise<BuiltPayload> {
  const [segments, flags, experiments, payloadKey, project, cover] = await Promise.all([
    listSegments(db, scope.projectId),
    listEnvironmentFlags(db, scope.projectId, scope.environmentId),
    listRunningExperiments(db, scope.projectId),
    environmentPayloadKey(db, scope.environmentId),
    getProject(db, scope.projectId),
    runningHoldoutCover(db, scope.projectId),
  ]);
  const running = experiments.filter((experiment) => experiment.versions.length > 0);
  const content: Omit<SdkPayload, 'revision' | 'generatedAt'> = {
    format: PAYLOAD_FORMAT,
    projectId: scope.projectId,
    environment: scope.environmentKey,
    segments: segments.map(toSegment),
    flags: flags.filter((flag) => flag.variants.length > 0).map((flag) => heldOut(toFlag(flag), cover?.flags, cover)),
    experiments: running.map((experiment) => heldOut(toExperiment(experiment, project), cover?.experiments, cover)),
    clickSelectors: await clickSelectorsOf(db, scope.projectId, running),
  };
  const { format, projectId, environment, ...rest } = content;
  const revision = revisionOf(content, payloadKey);
  return {
    payload: { format, projectId, environment, revision, generatedAt: now.toISOString(), ...rest },
    payloadKey,
  };
}
