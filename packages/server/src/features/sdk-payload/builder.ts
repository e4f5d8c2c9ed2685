import { createHash } from 'node:crypto';
import {
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
import { listSegments, type Segment } from '../segments/service';
import { clickSelectorsOf, elementRulesOf } from './visual';

export type PayloadScope = Pick<ClientKeyGrant, 'projectId' | 'environmentId' | 'environmentKey'>;

const toSegment = (segment: Segment): PayloadSegment => ({ key: segment.key, conditions: segment.conditions });

const toFlag = (flag: EnvironmentFlag): PayloadFlag => ({
  key: flag.key,
  type: flag.type,
  variants: flag.variants,
  defaultVariant: flag.defaultVariant,
  offVariant: flag.offVariant,
  enabled: flag.enabled,
  rules: flag.rules,
});

const toExperiment = (experiment: RunningExperiment): PayloadExperiment => ({
  key: experiment.key,
  kind: experiment.kind,
  unitAttribute: experiment.unitAttribute,
  traffic: experiment.traffic,
  phase: experiment.phase,
  conditions: experiment.conditions,
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
    ...(experiment.kind === 'visual' && { elementRules: elementRulesOf(version.changeRecords) }),
  })),
});

/** Equal content, equal revision: a rebuild that changed nothing keeps every SDK's cached copy (and ETag) valid. */
function revisionOf(content: Omit<SdkPayload, 'revision' | 'generatedAt'>): string {
  return createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 22);
}

/**
 * Everything one environment needs to evaluate locally, in a stable order. A flag with no variants or a running
 * experiment with no versions cannot be served and is left out; the console does not let either be saved. Visual
 * experiments' element rules are converted here, so each is converted once per change, not per request.
 */
export async function buildPayload(db: Database, scope: PayloadScope, now = new Date()): Promise<SdkPayload> {
  const [segments, flags, experiments] = await Promise.all([
    listSegments(db, scope.projectId),
    listEnvironmentFlags(db, scope.projectId, scope.environmentId),
    listRunningExperiments(db, scope.projectId),
  ]);
  const served = experiments.filter((experiment) => experiment.versions.length > 0);
  const content: Omit<SdkPayload, 'revision' | 'generatedAt'> = {
    format: PAYLOAD_FORMAT,
    projectId: scope.projectId,
    environment: scope.environmentKey,
    segments: segments.map(toSegment),
    flags: flags.filter((flag) => flag.variants.length > 0).map(toFlag),
    experiments: served.map(toExperiment),
    clickSelectors: await clickSelectorsOf(db, scope.projectId, served),
  };
  const { format, projectId, environment, ...rest } = content;
  return { format, projectId, environment, revision: revisionOf(content), generatedAt: now.toISOString(), ...rest };
}
